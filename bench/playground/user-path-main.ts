import type { Page } from '@playwright/test'
import type { TExternalFigure } from '../report/bench-results.ts'
import { startFakeLlmServer } from '../../lib/testing/fake-llm-server.ts'
import { AGENT_WORKER_URL_PART, chooseAnthropic, openBuiltPlayground, sendPrompt, waitForSendButton } from './built-playground-page.ts'
import { printFigureLines } from '../report/figure-lines.ts'
import { measurePageClockOffset, nodeEpochNow } from './page-clock-offset.ts'
import { installUserPathProbe, type TUserPathWindow } from './user-path-probe.ts'

// The path a user feels (issue 23, item 3), in the built playground in Chromium: prompts typed and
// sent with the Send button; the playground's worker calls the official Anthropic SDK, which
// streams real SSE over HTTP from the fake LLM server. Per turn it takes: submit → the request at
// the server; the first text delta written to the socket → that text painted; the main thread's
// long tasks from submit to the end of the turn. The server's times are moved onto the page's
// clock by a measured offset. Prints `ROBOTA_BENCH_FIGURE` lines and a summary on stderr.

const API_KEY = 'sk-bench-user-path-0123456789'
const MODEL = 'claude-haiku-4-5'
const WARMUP_TURNS = 3
// Pauses between streamed events, so the first text delta leaves alone, after the page has drawn
// the turn's start, as a model's first token comes well after its request.
const EVENT_DELAY_MS = 20
const MESSAGES_PATH = '/v1/messages'

const turnsArgument = process.argv.find((argument) => argument.startsWith('--turns='))?.slice('--turns='.length)
const TURNS = Number(turnsArgument ?? 100)

/** A marker no other text of the conversation contains: `Answer-0007`, never a prefix of another. */
const markerOf = (turn: number) => `Answer-${String(turn).padStart(4, '0')}`

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((left, right) => left - right)
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? Number.NaN
}

const pageNow = (page: Page) => page.evaluate(() => performance.timeOrigin + performance.now())

async function main(): Promise<void> {
  const firstDeltaWrittenAt = new Map<string, number>()
  const server = await startFakeLlmServer({
    apiKey: API_KEY,
    eventDelayMs: EVENT_DELAY_MS,
    onEventWritten: ({ event, writtenAt }) => {
      const marker = /Answer-\d{4}/.exec(event.data)?.[0]
      if (marker && !firstDeltaWrittenAt.has(marker)) firstDeltaWrittenAt.set(marker, writtenAt)
    }
  })
  const playground = await openBuiltPlayground(installUserPathProbe)
  const { page, browser } = playground
  try {
    await chooseAnthropic(page, { baseURL: server.url, model: MODEL, apiKey: API_KEY })
    const worker = page.workers().find((candidate) => candidate.url().includes(AGENT_WORKER_URL_PART))
    // Room for every turn's request beside the worker's own chunks (250 entries by default).
    await worker?.evaluate(() => performance.setResourceTimingBufferSize(10_000))
    const turnWindows: Array<{ marker: string; doneAt: number }> = []
    const offsetBefore = await measurePageClockOffset(page)
    for (let turn = 1; turn <= WARMUP_TURNS + TURNS; turn++) {
      const marker = markerOf(turn)
      server.enqueue({ text: [`${marker} `, 'streams ', 'in.'] })
      await page.evaluate((text) => (window as unknown as TUserPathWindow).robotaUserPath.watch(text), marker)
      await sendPrompt(page, `Question ${turn}`)
      await page.waitForFunction((text) => (window as unknown as TUserPathWindow).robotaUserPath.paints.some((paint) => paint.marker === text), marker, { polling: 20, timeout: 60_000 })
      await waitForSendButton(page)
      turnWindows.push({ marker, doneAt: await pageNow(page) })
    }
    const offsetAfter = await measurePageClockOffset(page)
    // Long tasks are reported once they end; a frame later the observer has them all.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))))
    const probe = await page.evaluate(() => {
      const { submits, paints, longTasks } = (window as unknown as TUserPathWindow).robotaUserPath
      return { submits, paints, longTasks }
    })
    const fetchStarts = worker
      ? await worker.evaluate((path) => performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname === path).map((entry) => performance.timeOrigin + entry.startTime), MESSAGES_PATH)
      : []
    const requests = server.requests.filter((request) => request.method === 'POST' && request.path === MESSAGES_PATH)
    if (requests.length !== turnWindows.length || probe.submits.length !== turnWindows.length) {
      throw new Error(`Expected ${turnWindows.length} turns, saw ${probe.submits.length} submits and ${requests.length} model requests.`)
    }

    // Server → page clock: the mean of the two measurements, which also bound the drift over the run.
    const pageAhead = (offsetBefore.pageAheadMs + offsetAfter.pageAheadMs) / 2
    const toRequest: number[] = []
    const toFetch: number[] = []
    const toPaint: number[] = []
    const toDom: number[] = []
    let longTasks = 0
    let longestTask = 0
    for (const [index, turnWindow] of turnWindows.entries()) {
      if (index < WARMUP_TURNS) continue
      const submitAt = probe.submits[index] ?? Number.NaN
      toRequest.push((requests[index]?.receivedAt ?? Number.NaN) + pageAhead - submitAt)
      const fetchStart = fetchStarts[index]
      if (fetchStart !== undefined) toFetch.push(fetchStart - submitAt)
      const paint = probe.paints.find((candidate) => candidate.marker === turnWindow.marker)
      const written = (firstDeltaWrittenAt.get(turnWindow.marker) ?? Number.NaN) + pageAhead
      if (paint) {
        toPaint.push(paint.paintedAt - written)
        toDom.push(paint.inDomAt - written)
      }
      const tasks = probe.longTasks.filter((task) => task.startAt + task.duration >= submitAt && task.startAt <= turnWindow.doneAt)
      longTasks += tasks.length
      longestTask = Math.max(longestTask, ...tasks.map((task) => task.duration))
    }
    if (toPaint.length !== TURNS) throw new Error(`Only ${toPaint.length} of ${TURNS} first deltas were seen painted.`)

    const runtime = `Chromium ${browser.version()}, built playground`
    const round = (values: number[]) => values.map((value) => Number(value.toFixed(2)))
    const path = `${TURNS} turns; Anthropic SDK in the worker, fake SSE server over HTTP`
    const figures: TExternalFigure[] = [
      { figure: `User path: submit → provider request at the server, p50 (${path})`, runtime, unit: 'milliseconds', better: 'lower', samples: round(toRequest), target: 10, targetKind: 'lower' },
      ...(toFetch.length === TURNS ? [{ figure: '  submit → fetch() called in the worker (its resource timing), p50', runtime, unit: 'milliseconds' as const, better: 'lower' as const, samples: round(toFetch) }] : []),
      { figure: `User path: first delta written to the socket → its text painted, p99 of ${TURNS} turns`, runtime, unit: 'milliseconds', better: 'lower', samples: round([percentile(toPaint, 0.99)]), target: 16, targetKind: 'lower' },
      { figure: '  first delta written → painted, p50 and spread', runtime, unit: 'milliseconds', better: 'lower', samples: round(toPaint) },
      { figure: '  first delta written → in the page\'s DOM, p50 and spread', runtime, unit: 'milliseconds', better: 'lower', samples: round(toDom) },
      { figure: `User path: main-thread long tasks from submit to the end of the turn, all ${TURNS} turns`, runtime, unit: 'count', better: 'lower', samples: [longTasks], target: 0, targetKind: 'lower' }
    ]
    printFigureLines(figures)
    process.stderr.write(
      `\nUser path in the built playground (${runtime}; ${TURNS} turns after ${WARMUP_TURNS} warm-up)\n` +
        `  submit → request at the server: p50 ${percentile(toRequest, 0.5).toFixed(2)} ms, p99 ${percentile(toRequest, 0.99).toFixed(2)} ms (target p50 ≤ 10)\n` +
        (toFetch.length > 0 ? `  submit → fetch() in the worker: p50 ${percentile(toFetch, 0.5).toFixed(2)} ms\n` : '') +
        `  first delta written → painted: p50 ${percentile(toPaint, 0.5).toFixed(2)} ms, p99 ${percentile(toPaint, 0.99).toFixed(2)} ms (target p99 ≤ 16); → DOM p50 ${percentile(toDom, 0.5).toFixed(2)} ms\n` +
        `  long tasks: ${longTasks} (longest ${longestTask.toFixed(0)} ms; target 0)\n` +
        `  clock offset page − server: ${offsetBefore.pageAheadMs.toFixed(3)} ms before, ${offsetAfter.pageAheadMs.toFixed(3)} ms after (± ${Math.max(offsetBefore.uncertaintyMs, offsetAfter.uncertaintyMs).toFixed(3)} ms)\n` +
        `  measured at ${new Date(nodeEpochNow()).toISOString()}\n`
    )
  } finally {
    await playground.close()
    await server.close()
  }
}

await main()
