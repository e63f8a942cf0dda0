// Browser bench of the Replay panel's event log (issue 23, item 1: "the replay panel scrolls
// 100,000 events with no long task"), in Chromium driven by Playwright. It bundles the playground's
// own event log with its stylesheet (e2e/replay/event-log-page.tsx, the page the browser spec uses), seeds 100,000 events
// (100 turns of 1,000), scrolls the list from top to bottom one step per frame, and reports:
//   - main-thread long tasks (≥ 50 ms) during the pass (target: 0),
//   - the CPU time of the longest main-thread task (Chrome's trace; target < 50 ms): on a shared,
//     loaded machine a task can be long on the clock while using a few milliseconds of CPU,
//   - the worst and the 99th-percentile frame of the pass,
//   - the most list rows the DOM held at once, while mounting or scrolling.
// Prints `ROBOTA_BENCH_FIGURE {json}` lines for the bench table and a summary on stderr.
// Run: node bench/playground-replay-scroll.mjs [--turns=N] [--per-turn=N] [--viewports=N]
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { openInMemoryBenchPage } from './browser/in-memory-page.mjs'

const option = (name, fallback) => Number(process.argv.find((argument) => argument.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback)
const TURNS = option('turns', 100)
const PER_TURN = option('per-turn', 1_000)
// A step of one viewport a frame is a fast, steady scroll: every frame brings a whole new window of rows.
const VIEWPORTS_PER_FRAME = option('viewports', 1)
const percentile = (values, fraction) => [...values].sort((left, right) => left - right)[Math.min(values.length - 1, Math.floor(values.length * fraction))]

/**
 * Traces the page's main thread (Chrome's own task events) until `stop`: on a shared machine a
 * task can be long on the clock while it used a few milliseconds of CPU, so the CPU time of the
 * longest task tells the page's own cost apart from time it waited for a core.
 */
async function startMainThreadTrace(page) {
  const session = await page.context().newCDPSession(page)
  const events = []
  session.on('Tracing.dataCollected', ({ value }) => events.push(...value))
  await session.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' })
  return {
    async stop() {
      const complete = new Promise((resolve) => session.once('Tracing.tracingComplete', resolve))
      await session.send('Tracing.end')
      await complete
      const mainThread = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')?.tid
      const tasks = events.filter((event) => event.name === 'RunTask' && event.tid === mainThread && typeof event.dur === 'number')
      const cpuOf = (event) => (event.tdur ?? event.dur) / 1000
      return {
        longestCpuMilliseconds: Math.max(0, ...tasks.map(cpuOf)),
        longTaskCpuMilliseconds: tasks.filter((event) => event.dur >= 50_000).map(cpuOf)
      }
    }
  }
}

async function main() {
  const { browser, page } = await openInMemoryBenchPage({
    entry: fileURLToPath(new URL('../e2e/replay/event-log-page.tsx', import.meta.url)),
    title: 'robota replay scroll bench',
    readyGlobal: 'robotaEventLogPage'
  })
  const styles = readFileSync(new URL('../playground/styles.css', import.meta.url), 'utf8')
  try {
    await page.setViewportSize({ width: 1440, height: 900 })
    const mounted = await page.evaluate(({ turns, perTurn, styles }) => window.robotaEventLogPage.mount(turns, perTurn, styles), { turns: TURNS, perTurn: PER_TURN, styles })
    const trace = await startMainThreadTrace(page)
    const pass = await page.evaluate((viewports) => window.robotaEventLogPage.scrollThrough(viewports), VIEWPORTS_PER_FRAME)
    const tasks = await trace.stop()
    if (!pass.lastEventShown) throw new Error('After scrolling to the end, the last event is not on screen.')
    const mostRows = Math.max(mounted.mostRowsWhileMounting, pass.mostRows)
    const runtime = `Chromium ${browser.version()}`
    const label = `${mounted.events.toLocaleString('en')} events, top to bottom in ${pass.steps.toLocaleString('en')} frames`
    const round = (value) => Number(value.toFixed(1))
    const figures = [
      { figure: `Replay panel scroll: long tasks ≥ 50 ms (${label})`, runtime, unit: 'count', better: 'lower', samples: [pass.longTaskMilliseconds.length], target: 0, targetKind: 'lower' },
      { figure: `Replay panel scroll: worst frame (${label})`, runtime, unit: 'milliseconds', better: 'lower', samples: [round(Math.max(...pass.frameMilliseconds))] },
      { figure: `Replay panel scroll: 99th-percentile frame (${label})`, runtime, unit: 'milliseconds', better: 'lower', samples: [round(percentile(pass.frameMilliseconds, 0.99))] },
      { figure: `Replay panel scroll: longest main-thread task in CPU time (${label})`, runtime, unit: 'milliseconds', better: 'lower', samples: [round(tasks.longestCpuMilliseconds)], target: 50, targetKind: 'lower' },
      { figure: `Replay panel scroll: most list rows in the DOM (${mounted.events.toLocaleString('en')} events)`, runtime, unit: 'count', better: 'lower', samples: [mostRows] }
    ]
    for (const figure of figures) console.log(`ROBOTA_BENCH_FIGURE ${JSON.stringify(figure)}`)
    process.stderr.write(
      `${label}: ${pass.longTaskMilliseconds.length} long tasks${pass.longTaskMilliseconds.length ? ` (${pass.longTaskMilliseconds.map(round).join(', ')} ms)` : ''}, ` +
        `the longest task used ${round(tasks.longestCpuMilliseconds)} ms of CPU (the long tasks: ${tasks.longTaskCpuMilliseconds.map(round).join(', ') || 'none'} ms of CPU), ` +
        `worst frame ${round(Math.max(...pass.frameMilliseconds))} ms, p99 ${round(percentile(pass.frameMilliseconds, 0.99))} ms, at most ${mostRows} rows in the DOM\n`
    )
  } finally {
    await browser.close()
  }
}

await main()
