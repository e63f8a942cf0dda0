// Browser bench of the worker plane, in Chromium driven by Playwright. It builds a bench page
// (bench/worker-bench-page.ts: the SDK's worker client over a worker running the real host stack
// with a model that streams timestamped deltas), serves it, and reports:
//   - deltas per second delivered to the page through the worker (target >= 200,000/s),
//   - p99 latency from a delta produced in the worker to the page (target <= 20 ms),
//   - main-thread long tasks (> 50 ms) while a 10,000-delta turn renders in the playground's App
//     (target 0).
// Run: npm run bench:browser   (CHROMIUM_PATH overrides /usr/bin/chromium; BENCH_PROFILE=<file>
// also saves a CPU profile of the playground page while it renders the long turn)
import react from '@vitejs/plugin-react'
import { chromium } from '@playwright/test'
import { writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildBenchPage, projectVitePlugin, serveBenchPage } from './browser/built-page.mjs'
import { LAUNCH_ARGUMENTS } from './browser/in-memory-page.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const outDir = join(root, 'node_modules', '.cache', 'robota-worker-bench')

const THROUGHPUT_PROMPT = process.env.BENCH_THROUGHPUT_PROMPT ?? 'deltas=100000 burst=500 pauseMs=0'
const LATENCY_PROMPT = 'deltas=5000 burst=10 pauseMs=1'
const RENDER_PROMPT = 'deltas=10000 burst=100 pauseMs=0'
const median = (values) => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)]

async function measureStreaming(page) {
  await page.waitForFunction(() => 'robotaBench' in window)
  const turn = (prompt) => page.evaluate((text) => window.robotaBench.streamTurn(text), prompt)
  await turn('deltas=2000')
  // As fast as the loop takes them, handing the event loop back every 500 deltas as a network
  // stream's chunks do (without that, every delta would leave in one batch at the end).
  const unpaced = []
  for (let run = 0; run < 3; run++) unpaced.push(await turn(THROUGHPUT_PROMPT))
  // Paced like a fast model (10 deltas per ~1 ms), so latency is the pipeline's, not a backlog's.
  const paced = await turn(LATENCY_PROMPT)
  return { unpaced, paced }
}

async function measurePlaygroundRender(page) {
  await page.getByLabel('Prompt').waitFor()
  await page.waitForFunction(() => !document.querySelector('textarea[aria-label="Prompt"]')?.disabled)
  const since = await page.evaluate(() => performance.now())
  // Typed as a person types it (about 1.3 s), so what the page readies once its session is open
  // (the Markdown renderer, loaded and warmed while idle) happens before the turn, as it does for
  // anyone who types a prompt; the keystrokes' own tasks count too.
  await page.getByLabel('Prompt').pressSequentially(RENDER_PROMPT, { delay: 40 })
  const started = Date.now()
  await page.getByRole('button', { name: 'Send' }).click()
  // Polled with a cheap query: Playwright's role locators compute accessible names over the whole
  // page, which on a 10,000-event page is a long task of its own and would be counted.
  const hasButton = (text) => [...document.querySelectorAll('form.prompt button')].some((button) => button.textContent?.trim() === text)
  await page.waitForFunction(hasButton, 'Stop', { polling: 50 })
  await page.waitForFunction(hasButton, 'Send', { polling: 50, timeout: 120_000 })
  const elapsedMs = Date.now() - started
  // Long tasks are reported after they end; give the observer a frame to catch up.
  await page.waitForTimeout(200)
  const tasks = await page.evaluate((from) => window.robotaBench.longTasksSince(from), since)
  // The answer's text only: its article also holds the Copy button.
  const blocks = await page.getByRole('region', { name: 'Conversation' }).getByLabel('Assistant').last().locator('.markdown').allTextContents()
  return { tasks, elapsedMs, shownDeltas: blocks.join(' ').trim().split(/\s+/).length }
}

async function main() {
  // Wall-clock figures depend on what else the machine runs: the load is reported beside them.
  const loadBefore = loadavg()[0]
  const html = await buildBenchPage({ root, outDir, entry: join(root, 'bench/worker-bench-page.ts'), plugins: [react(), await projectVitePlugin(root, 'robota-shared-run-viewer')], bodyHtml: '<div id="root"></div>' })
  const server = await serveBenchPage(outDir, html)
  const { port } = server.address()
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: LAUNCH_ARGUMENTS
  })
  try {
    const streamingPage = await browser.newPage()
    await streamingPage.goto(`http://127.0.0.1:${port}/`)
    const { unpaced, paced } = await measureStreaming(streamingPage)
    await streamingPage.close()

    const playgroundPage = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    await playgroundPage.goto(`http://127.0.0.1:${port}/?playground`)
    // BENCH_PROFILE=<file> saves a CPU profile of the page's main thread during the render.
    const profiler = process.env.BENCH_PROFILE ? await playgroundPage.context().newCDPSession(playgroundPage) : undefined
    await profiler?.send('Profiler.enable')
    await profiler?.send('Profiler.start')
    const render = await measurePlaygroundRender(playgroundPage)
    if (profiler) writeFileSync(process.env.BENCH_PROFILE, JSON.stringify((await profiler.send('Profiler.stop')).profile))

    const throughput = median(unpaced.map((run) => run.deltasPerSecond))
    const longest = render.tasks.reduce((max, task) => Math.max(max, task.duration), 0)
    const rows = [
      [`deltas/s delivered to the page ("${THROUGHPUT_PROMPT}", median of 3)`, throughput.toLocaleString('en'), '>= 200,000', throughput >= 200_000],
      ['  batches per turn (median)', String(median(unpaced.map((run) => run.batches))), '', undefined],
      ['  latency p99 while unpaced (backlog included), ms', median(unpaced.map((run) => run.latency.p99)).toFixed(1), '', undefined],
      [`p99 latency delta → page, paced "${LATENCY_PROMPT}", ms`, paced.latency.p99.toFixed(1), '<= 20', paced.latency.p99 <= 20],
      ['  p50 / max latency, paced, ms', `${paced.latency.p50.toFixed(1)} / ${paced.latency.max.toFixed(1)}`, '', undefined],
      ['  p99 without the last batch (held behind the end-of-turn commit), ms', paced.p99BeforeLastBatch.toFixed(1), '', undefined],
      [`long tasks > 50 ms while "${RENDER_PROMPT}" renders in the playground`, String(render.tasks.length), '0', render.tasks.length === 0],
      ['  longest task, ms / turn on screen, ms', `${longest.toFixed(0)} / ${render.elapsedMs}`, '', undefined],
      ['  deltas shown in the final message', String(render.shownDeltas), '10,000', undefined],
      ['  machine: cores, 1-minute load average before → after', `${cpus().length}, ${loadBefore.toFixed(1)} → ${loadavg()[0].toFixed(1)}`, '', undefined]
    ]
    console.log('\nWorker plane in Chromium (' + browser.version() + ')\n')
    console.log('| measure | value | target | met |\n|---|---|---|---|')
    for (const [name, value, target, met] of rows) console.log(`| ${name} | ${value} | ${target} | ${met === undefined ? '' : met ? 'yes' : 'no'} |`)
  } finally {
    await browser.close()
    server.close()
  }
}

await main()
