// Browser bench of the IndexedDB session store, in Chromium driven by Playwright. It bundles a
// bench page (bench/storage/storage-bench-page.ts: `IndexedDBSessionStore` on the browser's own
// IndexedDB), serves it from memory and reports:
//   - replay events appended per second through `commit` (target >= 20,000/s),
//   - time to resume a 10,000-event session in a new connection: record, events and sandbox
//     snapshot (target <= 300 ms).
// Figures go to the file named by ROBOTA_BENCH_FIGURES (the bench table reads them); a summary goes
// to stderr. Run: node bench/storage-indexeddb.mjs   (CHROMIUM_PATH overrides /usr/bin/chromium)
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { openInMemoryBenchPage } from './browser/in-memory-page.mjs'

const APPEND_EVENTS = 20_000
const APPEND_BATCH = 250
const APPEND_RUNS = 5
const RESUME_EVENTS = 10_000
const RESUME_RUNS = 7
const median = (values) => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)]

async function main() {
  const { browser, page } = await openInMemoryBenchPage({ entry: fileURLToPath(new URL('./storage/storage-bench-page.ts', import.meta.url)), title: 'robota storage bench', readyGlobal: 'robotaStorageBench' })
  try {
    // One warm-up run, so the first figures do not pay for compiling the store.
    await page.evaluate(({ events, batch }) => window.robotaStorageBench.appendThroughput(events, batch), { events: 2_000, batch: APPEND_BATCH })
    const appends = []
    for (let run = 0; run < APPEND_RUNS; run++) {
      appends.push(await page.evaluate(({ events, batch }) => window.robotaStorageBench.appendThroughput(events, batch), { events: APPEND_EVENTS, batch: APPEND_BATCH }))
    }
    const resumes = await page.evaluate(({ events, runs }) => window.robotaStorageBench.resumeTime(events, runs), { events: RESUME_EVENTS, runs: RESUME_RUNS })
    if (resumes.some((sample) => sample.loadedEvents !== RESUME_EVENTS)) throw new Error('A resume loaded the wrong number of events.')

    const runtime = `Chromium ${browser.version()}`
    const rates = appends.map((sample) => Math.round((sample.events / sample.milliseconds) * 1_000))
    const resumeTimes = resumes.map((sample) => Number(sample.milliseconds.toFixed(2)))
    const figures = [
      {
        figure: `IndexedDB replay-event appends (${APPEND_EVENTS.toLocaleString('en')} events, ${APPEND_BATCH} per commit)`,
        runtime,
        unit: 'operations-per-second',
        better: 'higher',
        samples: rates,
        target: 20_000,
        targetKind: 'higher'
      },
      {
        figure: `IndexedDB resume of a ${RESUME_EVENTS.toLocaleString('en')}-event session (record, events, snapshot)`,
        runtime,
        unit: 'milliseconds',
        better: 'lower',
        samples: resumeTimes,
        target: 300,
        targetKind: 'lower'
      }
    ]
    if (process.env.ROBOTA_BENCH_FIGURES) writeFileSync(process.env.ROBOTA_BENCH_FIGURES, JSON.stringify(figures))
    const appendRate = median(rates)
    const resumeMs = median(resumeTimes)
    process.stderr.write(
      `\nIndexedDB session store in ${runtime}\n` +
        `  appends: ${appendRate.toLocaleString('en')} events/s (median of ${APPEND_RUNS}; target >= 20,000) ${appendRate >= 20_000 ? 'met' : 'MISSED'}\n` +
        `  resume of ${RESUME_EVENTS.toLocaleString('en')} events: ${resumeMs.toFixed(1)} ms (median of ${RESUME_RUNS}; target <= 300) ${resumeMs <= 300 ? 'met' : 'MISSED'}\n`
    )
  } finally {
    await browser.close()
  }
}

await main()
