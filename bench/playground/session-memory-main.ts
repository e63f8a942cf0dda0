import type { Page } from '@playwright/test'
import { build } from 'esbuild'
import { createWriteStream } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import type { TExternalFigure } from '../report/bench-results.ts'
import { machineLoadFigure, printFigureLines } from '../report/figure-lines.ts'
import { BENCH_ROOT } from '../size/project-paths.ts'
import { AGENT_WORKER_URL_PART, openBuiltPlayground, waitForPromptReady } from './built-playground-page.ts'
import type { TSeedWindow } from './seed-long-session-page.ts'
import { readHeaps, type THeapReading } from './target-heaps.ts'
import { WorkerDevTools } from './worker-devtools.ts'

// Memory of a long session in the built playground (issue 23, item 5). A 1,000-turn session is
// written into the page's IndexedDB, the page reloads, and three times over: the heaps are read
// with an empty session open, the long session is opened from the list until its last turn shows,
// the heaps are read, a new empty session is made, the heaps are read again. Each reading follows
// full collections in the page and in the agent worker. Prints `ROBOTA_BENCH_FIGURE` lines and a
// summary on stderr. BENCH_HEAP_SNAPSHOT=<file> also saves a heap snapshot of the page after the
// first close, to find what still holds the session; BENCH_HEAP_SNAPSHOT_OPEN=<file> one with the
// session open the first time, to see what the page holds for it.

// The playground's worker keeps sessions in the default database of `exposeAgentHost`.
const PLAYGROUND_DATABASE = 'robota'
const CYCLES = 3
const MEGABYTE = 1_000_000
// Opening sends the page the session's messages and events, and the panels render them; the
// pause lets what follows the last turn being shown (replay events, lazy chunks) land too.
const SETTLE_MILLISECONDS = 1_000
// The first open showed the last turn after 46 s on a quiet machine, after 138 s under load.
const OPEN_TIMEOUT_MILLISECONDS = 300_000

const turnsArgument = process.argv.find((argument) => argument.startsWith('--turns='))?.slice('--turns='.length)
const TURNS = Number(turnsArgument ?? 1_000)
const SESSION_NAME = `${TURNS.toLocaleString('en')}-turn session`

async function bundleSeedScript(): Promise<string> {
  const bundled = await build({
    entryPoints: [join(BENCH_ROOT, 'playground/seed-long-session-page.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent'
  })
  const output = bundled.outputFiles[0]
  if (!output) throw new Error('esbuild produced no seed script.')
  return output.text
}

/** Waits until the conversation's last message contains `text`. */
async function waitForLastMessage(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (expected) => {
      const articles = document.querySelector('section[aria-label="Conversation"]')?.getElementsByTagName('article')
      return articles?.[articles.length - 1]?.textContent?.includes(expected) === true
    },
    text,
    { polling: 50, timeout: OPEN_TIMEOUT_MILLISECONDS }
  )
}

type TOpenProbe = { clickAt?: number; paintedAt?: number }
type TOpenProbeWindow = { robotaOpenProbe: TOpenProbe }

/**
 * Notes, on the page's clock, the next click (the one that opens the session) and when the frame
 * that shows a last message containing `text` has been painted: the user's wait, without the
 * harness's polling and round trips.
 */
function watchOpen(text: string): void {
  const probe: TOpenProbe = {}
  ;(window as unknown as TOpenProbeWindow).robotaOpenProbe = probe
  document.addEventListener('click', (event) => (probe.clickAt ??= event.timeStamp), { capture: true, once: true })
  const observer = new MutationObserver(() => {
    const articles = document.querySelector('section[aria-label="Conversation"]')?.getElementsByTagName('article')
    if (articles?.[articles.length - 1]?.textContent?.includes(text) !== true) return
    observer.disconnect()
    requestAnimationFrame(() => {
      // A task posted from a frame callback runs once that frame's rendering, paint included, is done.
      const channel = new MessageChannel()
      channel.port1.onmessage = () => (probe.paintedAt = performance.now())
      channel.port2.postMessage(null)
    })
  })
  observer.observe(document.body, { childList: true, subtree: true, characterData: true })
}

type TCycle = { before: THeapReading; open: THeapReading; after: THeapReading; openMilliseconds: number }

async function openAndClose(page: Page, devtools: WorkerDevTools, openSnapshot: string | undefined): Promise<TCycle> {
  const before = await readHeaps(devtools, AGENT_WORKER_URL_PART)
  const lastTurn = `Turn ${TURNS}: the workspace holds`
  await page.evaluate(watchOpen, lastTurn)
  await page.locator('button.session-open', { hasText: SESSION_NAME }).click()
  await waitForLastMessage(page, lastTurn)
  const probe = await page.waitForFunction(() => {
    const { clickAt, paintedAt } = (window as unknown as TOpenProbeWindow).robotaOpenProbe
    return clickAt !== undefined && paintedAt !== undefined ? paintedAt - clickAt : undefined
  })
  const openMilliseconds = Math.round((await probe.jsonValue()) as number)
  await page.waitForTimeout(SETTLE_MILLISECONDS)
  const open = await readHeaps(devtools, AGENT_WORKER_URL_PART)
  if (openSnapshot) await savePageHeapSnapshot(devtools, openSnapshot)
  await openNewSession(page)
  await page.waitForTimeout(SETTLE_MILLISECONDS)
  const after = await readHeaps(devtools, AGENT_WORKER_URL_PART)
  return { before, open, after, openMilliseconds }
}

/** Creates a session and waits until it is open, empty, and the prompt takes input. */
async function openNewSession(page: Page): Promise<void> {
  await page.locator('button.new-session').click()
  await page.waitForFunction(() => document.querySelector('section[aria-label="Conversation"] p.empty') !== null, undefined, { polling: 50, timeout: 60_000 })
  await waitForPromptReady(page)
}

/** Writes a heap snapshot of the page to `path`. */
async function savePageHeapSnapshot(devtools: WorkerDevTools, path: string): Promise<void> {
  const file = createWriteStream(path)
  const write = ({ chunk }: { chunk: string }) => void file.write(chunk)
  devtools.pageSession.on('HeapProfiler.addHeapSnapshotChunk', write)
  await devtools.pageSession.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
  devtools.pageSession.off('HeapProfiler.addHeapSnapshotChunk', write)
  await new Promise((resolve) => file.end(resolve))
}

async function main(): Promise<void> {
  // Wall-clock figures depend on what else the machine runs: its load goes in a row beside them.
  const loadBefore = loadavg()[0] ?? 0
  const seedScript = await bundleSeedScript()
  const playground = await openBuiltPlayground()
  const { page, browser } = playground
  try {
    await page.addScriptTag({ content: seedScript })
    const seeded = await page.evaluate(
      ({ databaseName, name, turns }) => (window as unknown as TSeedWindow).robotaSeedLongSession(databaseName, name, turns),
      { databaseName: PLAYGROUND_DATABASE, name: SESSION_NAME, turns: TURNS }
    )
    // A fresh page and worker: what the seeding left in this page's heap is gone.
    await page.reload()
    await waitForPromptReady(page)
    await page.locator('button.session-open', { hasText: SESSION_NAME }).waitFor()
    // A page opens its newest session as it starts, which may be the long one: the cycles begin
    // from a new empty session, as each cycle ends, so every click opens it from another session
    // (a click on the session already open changes nothing, and the probe would wait in vain).
    await page.waitForFunction(() => document.querySelector('main[aria-label="Chat"]:not([aria-busy])') !== null, undefined, { polling: 50, timeout: 60_000 })
    await openNewSession(page)
    const devtools = await WorkerDevTools.attach(page)
    const cycles: TCycle[] = []
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      cycles.push(await openAndClose(page, devtools, cycle === 0 ? process.env.BENCH_HEAP_SNAPSHOT_OPEN : undefined))
      if (cycle === 0 && process.env.BENCH_HEAP_SNAPSHOT) await savePageHeapSnapshot(devtools, process.env.BENCH_HEAP_SNAPSHOT)
    }
    await devtools.detach()

    const runtime = `Chromium ${browser.version()}, built playground`
    const session = `${SESSION_NAME}: ${seeded.messages.toLocaleString('en')} messages, ${seeded.events.toLocaleString('en')} events`
    const samples = (pick: (cycle: TCycle) => number) => cycles.map(pick)
    const pageGrowth = samples((cycle) => cycle.after.pageBytes - cycle.before.pageBytes)
    const workerGrowth = samples((cycle) => cycle.after.workerBytes - cycle.before.workerBytes)
    const figures: TExternalFigure[] = [
      { figure: `Session memory: page JS heap with a ${session} open`, runtime, unit: 'bytes', better: 'lower', samples: samples((cycle) => cycle.open.pageBytes), target: 60 * MEGABYTE, targetKind: 'lower' },
      { figure: `Session memory: worker JS heap with the ${SESSION_NAME} open`, runtime, unit: 'bytes', better: 'lower', samples: samples((cycle) => cycle.open.workerBytes), target: 60 * MEGABYTE, targetKind: 'lower' },
      { figure: '  page JS heap before opening it (an empty session open)', runtime, unit: 'bytes', better: 'lower', samples: samples((cycle) => cycle.before.pageBytes) },
      { figure: '  worker JS heap before opening it (an empty session open)', runtime, unit: 'bytes', better: 'lower', samples: samples((cycle) => cycle.before.workerBytes) },
      // Every close must come back, so the target is checked against the worst cycle, not the median.
      { figure: `Session memory: page JS heap after closing the ${SESSION_NAME} − before opening it, worst of ${CYCLES} cycles`, runtime, unit: 'bytes', better: 'lower', samples: [Math.max(...pageGrowth)], target: 5 * MEGABYTE, targetKind: 'lower' },
      { figure: '  page JS heap after closing − before opening, each cycle', runtime, unit: 'bytes', better: 'lower', samples: pageGrowth },
      { figure: `Session memory: worker JS heap after closing the ${SESSION_NAME} − before opening it, worst of ${CYCLES} cycles`, runtime, unit: 'bytes', better: 'lower', samples: [Math.max(...workerGrowth)], target: 5 * MEGABYTE, targetKind: 'lower' },
      { figure: '  worker JS heap after closing − before opening, each cycle', runtime, unit: 'bytes', better: 'lower', samples: workerGrowth },
      // The first open also loads the chunks a conversation and the Replay panel need; later opens show the session's own cost.
      {
        figure: `Open the ${SESSION_NAME} from the list → its last turn painted (page clock, from the click), later opens`,
        runtime,
        unit: 'milliseconds',
        better: 'lower',
        samples: cycles.slice(1).map((cycle) => cycle.openMilliseconds),
        target: 150,
        targetKind: 'lower'
      },
      { figure: '  the first open (chunks loaded on first use)', runtime, unit: 'milliseconds', better: 'lower', samples: cycles.slice(0, 1).map((cycle) => cycle.openMilliseconds) },
      machineLoadFigure(runtime, loadBefore)
    ]
    printFigureLines(figures)
    const megabytes = (bytes: number) => `${(bytes / MEGABYTE).toFixed(1)} MB`
    process.stderr.write(
      `\nSession memory in the built playground (${runtime}; ${session})\n` +
        cycles
          .map(
            (cycle, index) =>
              `  cycle ${index + 1}: page ${megabytes(cycle.before.pageBytes)} → open ${megabytes(cycle.open.pageBytes)} → closed ${megabytes(cycle.after.pageBytes)}; ` +
              `worker ${megabytes(cycle.before.workerBytes)} → open ${megabytes(cycle.open.workerBytes)} → closed ${megabytes(cycle.after.workerBytes)}; last turn painted ${cycle.openMilliseconds} ms after the click`
          )
          .join('\n') +
        '\n  targets: open ≤ 60 MB each; closed within 5 MB of before\n'
    )
  } finally {
    await playground.close()
  }
}

await main()
