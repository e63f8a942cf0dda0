// Browser bench of a long session in the IndexedDB session store (issue 23, item 1), in Chromium
// driven by Playwright. It bundles bench/storage/long-session-page.ts, serves it from memory and
// records a 1,000-turn session (4,000 messages, 100,000 replay events) through `SessionRecorder`,
// as the worker records one, then reports:
//   - the write time of turns near 1,000 against turns near 10 (target: at most 1.5×),
//   - the bytes turn 1,000 writes against turn 10 (target: at most 1.5×, so stored bytes grow
//     linearly with the conversation),
//   - the bytes hashed for turn 1,000 against turn 10 (target: at most 1.5×),
//   - the time to open the session in a new connection (whole record), and to open it through an
//     the host's open step showing its latest messages only (target <= 150 ms),
//   - the time to list 200 sessions of 4,000 messages each (target <= 50 ms).
// Figures go to the file named by ROBOTA_BENCH_FIGURES (the bench table reads them); a summary goes
// to stderr. Run: node bench/storage-long-session.mjs [--turns=N]   (CHROMIUM_PATH overrides /usr/bin/chromium)
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { openInMemoryBenchPage } from './browser/in-memory-page.mjs'

const TURNS = Number(process.argv.find((argument) => argument.startsWith('--turns='))?.slice('--turns='.length) ?? 1_000)
const EARLY = [6, 7, 8, 9, 10, 11, 12, 13, 14, 15]
const LATE = Array.from({ length: 10 }, (_, index) => TURNS - 9 + index)
const OPENS = 7
const LISTED_SESSIONS = 200
const MESSAGES_PER_SESSION = 4 * TURNS
const LIST_RUNS = 7
const median = (values) => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)]

async function main() {
  const { browser, page } = await openInMemoryBenchPage({ entry: fileURLToPath(new URL('./storage/long-session-page.ts', import.meta.url)), title: 'robota long-session bench', readyGlobal: 'robotaLongSessionBench' })
  try {
    const session = await page.evaluate(
      ({ turns, early, late, opens }) => window.robotaLongSessionBench.recordLongSession(turns, early, late, opens),
      { turns: TURNS, early: EARLY, late: LATE, opens: OPENS }
    )
    if (session.openedMessages !== TURNS * 4) throw new Error(`The reopened session holds ${session.openedMessages} messages, not ${TURNS * 4}.`)
    const listing = await page.evaluate(
      ({ sessions, messages, runs }) => window.robotaLongSessionBench.listManySessions(sessions, messages, runs),
      { sessions: LISTED_SESSIONS, messages: MESSAGES_PER_SESSION, runs: LIST_RUNS }
    )

    const runtime = `Chromium ${browser.version()}`
    const round = (values) => values.map((value) => Number(value.toFixed(2)))
    const earlyWrite = median(session.earlyTurnMilliseconds)
    const label = `${TURNS.toLocaleString('en')}-turn session, ${session.events.toLocaleString('en')} events, IndexedDB`
    const figures = [
      { figure: `Writes of one turn near turn 10 (${label})`, runtime, unit: 'milliseconds', better: 'lower', samples: round(session.earlyTurnMilliseconds) },
      {
        figure: `Writes of one turn near turn ${TURNS.toLocaleString('en')} (${label}; target ≤ 1.5 × turn 10)`,
        runtime,
        unit: 'milliseconds',
        better: 'lower',
        samples: round(session.lateTurnMilliseconds),
        target: Number((1.5 * earlyWrite).toFixed(2)),
        targetKind: 'lower'
      },
      { figure: `Bytes written by turn 10 (${label})`, runtime, unit: 'bytes', better: 'lower', samples: [session.earlyTurnBytes] },
      {
        figure: `Bytes written by turn ${TURNS.toLocaleString('en')} (${label}; target ≤ 1.5 × turn 10)`,
        runtime,
        unit: 'bytes',
        better: 'lower',
        samples: [session.lateTurnBytes],
        target: Math.round(1.5 * session.earlyTurnBytes),
        targetKind: 'lower'
      },
      { figure: `Bytes hashed by turn 10 (${label})`, runtime, unit: 'bytes', better: 'lower', samples: [session.earlyTurnHashedBytes] },
      {
        figure: `Bytes hashed by turn ${TURNS.toLocaleString('en')} (${label}; target ≤ 1.5 × turn 10)`,
        runtime,
        unit: 'bytes',
        better: 'lower',
        samples: [session.lateTurnHashedBytes],
        target: Math.round(1.5 * session.earlyTurnHashedBytes),
        targetKind: 'lower'
      },
      {
        figure: `Open a ${TURNS.toLocaleString('en')}-turn session in a new connection (whole record, ${(TURNS * 4).toLocaleString('en')} messages)`,
        runtime,
        unit: 'milliseconds',
        better: 'lower',
        samples: round(session.openMilliseconds)
      },
      {
        figure: `openSession of a ${TURNS.toLocaleString('en')}-turn session showing its latest ${session.openLatestMessages} messages and ${session.openLatestEvents.toLocaleString('en')} of its ${session.events.toLocaleString('en')} events (the host's open step, new connection)`,
        runtime,
        unit: 'milliseconds',
        better: 'lower',
        samples: round(session.openLatestMilliseconds),
        target: 150,
        targetKind: 'lower'
      },
      {
        figure: `listSessions over ${LISTED_SESSIONS} sessions of ${MESSAGES_PER_SESSION.toLocaleString('en')} messages each`,
        runtime,
        unit: 'milliseconds',
        better: 'lower',
        samples: round(listing.milliseconds),
        target: 50,
        targetKind: 'lower'
      }
    ]
    if (process.env.ROBOTA_BENCH_FIGURES) writeFileSync(process.env.ROBOTA_BENCH_FIGURES, JSON.stringify(figures))
    const lateWrite = median(session.lateTurnMilliseconds)
    process.stderr.write(
      `\nLong session in the IndexedDB store, ${runtime}\n` +
        `  writes per turn: turn ~10 ${earlyWrite.toFixed(2)} ms, turn ~${TURNS} ${lateWrite.toFixed(2)} ms (${(lateWrite / earlyWrite).toFixed(2)}×; target ≤ 1.5×)\n` +
        `  bytes per turn: turn 10 ${session.earlyTurnBytes}, turn ${TURNS} ${session.lateTurnBytes} (${(session.lateTurnBytes / session.earlyTurnBytes).toFixed(2)}×; target ≤ 1.5×)\n` +
        `  bytes hashed per turn: turn 10 ${session.earlyTurnHashedBytes}, turn ${TURNS} ${session.lateTurnHashedBytes} (${(session.lateTurnHashedBytes / session.earlyTurnHashedBytes).toFixed(2)}×; target ≤ 1.5×)\n` +
        `  open (whole record): ${median(session.openMilliseconds).toFixed(1)} ms; openSession with the latest ${session.openLatestMessages} messages: ${median(session.openLatestMilliseconds).toFixed(1)} ms (target ≤ 150)\n` +
        `  listSessions over ${LISTED_SESSIONS}: ${median(listing.milliseconds).toFixed(1)} ms (target ≤ 50)\n`
    )
  } finally {
    await browser.close()
  }
}

await main()
