import type { Page } from '@playwright/test'
import { build } from 'esbuild'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { inlineStylesheets } from '../../bench/browser/inline-stylesheets.mjs'
import type { TEventLogMount } from './event-log-page.tsx'

/** The page's origin; every request to it is answered from memory, so nothing listens there. */
const EVENT_LOG_PAGE_ORIGIN = 'http://127.0.0.1:9'

const PAGE_HTML = '<!doctype html><meta charset="utf-8"><title>robota event log</title><script type="module" src="/event-log-page.js"></script>'

let bundled: Promise<string> | undefined

function bundleEventLogPage(): Promise<string> {
  bundled ??= build({
    entryPoints: [fileURLToPath(new URL('./event-log-page.tsx', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
    plugins: [inlineStylesheets]
  }).then((result) => {
    const output = result.outputFiles[0]
    if (!output) throw new Error('esbuild produced no event log page bundle.')
    return output.text
  })
  return bundled
}

/**
 * Opens the playground's event log alone (`event-log-page.tsx`, served from memory) and mounts it
 * over a generated session of `turns` × `eventsPerTurn` events under the playground's stylesheet.
 * Resolves with what mounting it put in the DOM.
 */
export async function openEventLogPage(page: Page, turns: number, eventsPerTurn: number): Promise<TEventLogMount> {
  const script = await bundleEventLogPage()
  await page.route(`${EVENT_LOG_PAGE_ORIGIN}/**`, (route) => {
    const isScript = route.request().url().endsWith('.js')
    return route.fulfill({ status: 200, contentType: isScript ? 'text/javascript' : 'text/html', body: isScript ? script : PAGE_HTML })
  })
  await page.goto(`${EVENT_LOG_PAGE_ORIGIN}/index.html`)
  await page.waitForFunction(() => 'robotaEventLogPage' in window)
  const styles = readFileSync(fileURLToPath(new URL('../../playground/styles.css', import.meta.url)), 'utf8')
  return page.evaluate(({ turns, eventsPerTurn, styles }) => window.robotaEventLogPage.mount(turns, eventsPerTurn, styles), { turns, eventsPerTurn, styles })
}
