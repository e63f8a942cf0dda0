// A bench page with no server: one entry bundled with esbuild and served from memory through
// Playwright's routing, for benches whose page needs no worker chunks (the storage benches).
import { chromium } from '@playwright/test'
import { build } from 'esbuild'
import { inlineStylesheets } from './inline-stylesheets.mjs'

const ORIGIN = 'http://127.0.0.1:9'
/** Chromium's flags for the benches launched from plain Node scripts (TOOLCHAIN.md's set). */
export const LAUNCH_ARGUMENTS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

/**
 * Launches Chromium on a page that runs `entry` (a file URL's path), and waits until the page has
 * set `window[readyGlobal]`. Resolves with the browser (close it when done) and the page.
 */
export async function openInMemoryBenchPage({ entry, title, readyGlobal }) {
  const bundled = await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'browser', target: 'es2022', minify: true, write: false, logLevel: 'silent', plugins: [inlineStylesheets] })
  const script = bundled.outputFiles[0].text
  const html = `<!doctype html><meta charset="utf-8"><title>${title}</title><script type="module" src="/bench-page.js"></script>`
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: LAUNCH_ARGUMENTS })
  try {
    const page = await browser.newPage()
    const errors = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.route(`${ORIGIN}/**`, (route) => {
      const isScript = route.request().url().endsWith('.js')
      return route.fulfill({ status: 200, contentType: isScript ? 'text/javascript' : 'text/html', body: isScript ? script : html })
    })
    await page.goto(`${ORIGIN}/index.html`)
    await page.waitForFunction((name) => name in window, readyGlobal).catch(() => {
      throw new Error(`The bench page "${title}" did not load: ${errors.join('; ')}`)
    })
    return { browser, page }
  } catch (error) {
    await browser.close()
    throw error
  }
}
