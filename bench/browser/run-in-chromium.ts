import { chromium, type Browser } from '@playwright/test'
import { build } from 'esbuild'
import { resolve } from 'node:path'
import type { TSuitePlan } from '../measure/bench-runtime.ts'
import type { TSuiteFigures } from '../measure/run-suite.ts'
import { LIBRARY_IDS } from '../scenarios/scenario.ts'
import { BENCH_ROOT } from '../size/project-paths.ts'
import { CHROMIUM_BENCH_ARGS, findChromium } from './chromium-launch.ts'
import { oneZodPlugin } from './one-zod-plugin.ts'

/** The Chromium figures, or why there are none. */
export type TChromiumOutcome = { figures: TSuiteFigures; version: string } | { skipped: string }

// Never contacted: page.route answers every request from memory. A loopback origin is a secure
// context, which the cross-origin isolation headers below need for a fine-grained clock.
const ORIGIN = 'http://127.0.0.1:9'
const PAGE_HTML = '<!doctype html><meta charset="utf-8"><title>robota bench</title><script type="module" src="/page-entry.js"></script>'

async function bundlePage(): Promise<string> {
  const result = await build({
    entryPoints: [resolve(BENCH_ROOT, 'browser/page-entry.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    external: ['node:*'],
    plugins: [oneZodPlugin],
    write: false,
    logLevel: 'silent'
  })
  const output = result.outputFiles[0]
  if (!output) throw new Error('esbuild produced no page bundle.')
  return output.text
}

/**
 * Runs the suite in Chromium (Debian's, through Playwright, headless) with each library in a page
 * of its own context, then merges the figures: in one shared page, a peer that keeps hundreds of
 * megabytes alive slowed the collector for every library measured after it.
 */
export async function runInChromium(plan: TSuitePlan, log: (line: string) => void): Promise<TChromiumOutcome> {
  const executablePath = findChromium()
  if (!executablePath) return { skipped: 'no Chromium at CHROMIUM_PATH or /usr/bin/chromium' }
  const script = await bundlePage()
  const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_BENCH_ARGS] })
  try {
    const suites: TSuiteFigures[] = []
    for (const library of plan.libraries ?? LIBRARY_IDS) {
      log(`Chromium suite: ${library}, in a page of its own`)
      suites.push(await runInPage(browser, script, { ...plan, libraries: [library] }, log))
    }
    return {
      figures: { runtime: 'chromium', loops: suites.flatMap((suite) => suite.loops), streams: suites.flatMap((suite) => suite.streams) },
      version: browser.version()
    }
  } finally {
    await browser.close()
  }
}

async function runInPage(browser: Browser, script: string, plan: TSuitePlan, log: (line: string) => void): Promise<TSuiteFigures> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    // performance.memory is coarse and lags; the DevTools protocol reads the isolate's heap exactly.
    const devtools = await context.newCDPSession(page)
    await page.exposeFunction('robotaBenchUsedHeapBytes', async () => (await devtools.send('Runtime.getHeapUsage')).usedSize)
    const pageErrors: string[] = []
    page.on('pageerror', (error) => pageErrors.push(error.message))
    page.on('console', (message) => {
      if (message.text().startsWith('robota-bench: ')) log(message.text().slice('robota-bench: '.length))
    })
    await page.route(`${ORIGIN}/**`, (route) => {
      const isScript = route.request().url().endsWith('.js')
      return route.fulfill({
        status: 200,
        contentType: isScript ? 'text/javascript' : 'text/html',
        headers: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' },
        body: isScript ? script : PAGE_HTML
      })
    })
    // `goto` resolves on the load event, after the module script has run or failed.
    await page.goto(`${ORIGIN}/index.html`)
    if (pageErrors.length > 0) throw new Error(`The bench page failed to load: ${pageErrors.join('; ')}`)
    return await page.evaluate(async (suitePlan) => {
      const bench = (globalThis as typeof globalThis & { robotaBench?: { run(plan: TSuitePlan): Promise<TSuiteFigures> } }).robotaBench
      if (!bench) throw new Error('The bench page did not register robotaBench.')
      return bench.run(suitePlan)
    }, plan)
  } finally {
    await context.close()
  }
}
