import { build } from 'esbuild'
import type { Page } from '@playwright/test'
import { fileURLToPath } from 'node:url'

/** The page's origin; every request to it is answered from memory, so nothing listens there. */
export const STORAGE_PAGE_ORIGIN = 'http://127.0.0.1:9'

const bundles = new Map<string, Promise<string>>()

/** The script of the page whose entry is `entry` (a file URL), bundled for the browser once per run. */
function bundlePage(entry: URL): Promise<string> {
  const path = fileURLToPath(entry)
  const known = bundles.get(path)
  if (known) return known
  const bundled = build({ entryPoints: [path], bundle: true, format: 'esm', platform: 'browser', target: 'es2022', write: false, logLevel: 'silent' }).then((result) => {
    const output = result.outputFiles[0]
    if (!output) throw new Error(`esbuild produced no bundle of ${path}.`)
    return output.text
  })
  bundles.set(path, bundled)
  return bundled
}

/**
 * Serves a page that runs `entry` (through `page.route`, which also answers reloads) and opens
 * it, waiting until the page has set `window[readyGlobal]`.
 */
export async function openBundledPage(page: Page, entry: URL, readyGlobal: string): Promise<void> {
  const script = await bundlePage(entry)
  const html = `<!doctype html><meta charset="utf-8"><title>robota ${readyGlobal}</title><script type="module" src="/page.js"></script>`
  await page.route(`${STORAGE_PAGE_ORIGIN}/**`, (route) => {
    const isScript = route.request().url().endsWith('.js')
    return route.fulfill({ status: 200, contentType: isScript ? 'text/javascript' : 'text/html', body: isScript ? script : html })
  })
  await page.goto(`${STORAGE_PAGE_ORIGIN}/index.html`)
  await page.waitForFunction((name) => name in window, readyGlobal)
}

/** Opens the storage page (`storage-page.ts`), waiting until the store is on `window`. */
export function openStoragePage(page: Page): Promise<void> {
  return openBundledPage(page, new URL('./storage-page.ts', import.meta.url), 'robotaStorage')
}
