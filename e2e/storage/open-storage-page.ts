import { build } from 'esbuild'
import type { Page } from '@playwright/test'
import { fileURLToPath } from 'node:url'

/** The page's origin; every request to it is answered from memory, so nothing listens there. */
export const STORAGE_PAGE_ORIGIN = 'http://127.0.0.1:9'

const PAGE_HTML = '<!doctype html><meta charset="utf-8"><title>robota storage</title><script type="module" src="/storage-page.js"></script>'

let bundled: Promise<string> | undefined

/** The storage page's script: `storage-page.ts` bundled for the browser, once per run. */
export function bundleStoragePage(): Promise<string> {
  bundled ??= build({
    entryPoints: [fileURLToPath(new URL('./storage-page.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent'
  }).then((result) => {
    const output = result.outputFiles[0]
    if (!output) throw new Error('esbuild produced no storage page bundle.')
    return output.text
  })
  return bundled
}

/**
 * Serves the storage page to `page` (through `page.route`, which also answers reloads) and opens
 * it, waiting until the store is on `window`.
 */
export async function openStoragePage(page: Page): Promise<void> {
  const script = await bundleStoragePage()
  await page.route(`${STORAGE_PAGE_ORIGIN}/**`, (route) => {
    const isScript = route.request().url().endsWith('.js')
    return route.fulfill({ status: 200, contentType: isScript ? 'text/javascript' : 'text/html', body: isScript ? script : PAGE_HTML })
  })
  await page.goto(`${STORAGE_PAGE_ORIGIN}/index.html`)
  await page.waitForFunction(() => 'robotaStorage' in window)
}
