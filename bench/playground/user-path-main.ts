import type { Page } from '@playwright/test'
import { build } from 'esbuild'
import { writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import type { TExternalFigure } from '../report/bench-results.ts'
import { machineLoadFigure, printFigureLines } from '../report/figure-lines.ts'
import { BENCH_CACHE, BENCH_ROOT } from '../size/project-paths.ts'
import { AGENT_WORKER_URL_PART, chooseAnthropic, openBuiltPlayground, sendPrompt, waitForSendButton } from './built-playground-page.ts'
import { FakeLlmProcess } from './fake-llm-process.ts'
import { measurePageClockOffset, nodeEpochNow } from './page-clock-offset.ts'
import { installUserPathProbe, type TUserPathWindow } from './user-path-probe.ts'
import { WorkerDevTools } from './worker-devtools.ts'

// The path a user feels (issue 23, item 3), in the built playground in Chromium: prompts typed and
// sent with the Send button; the playground's worker calls the official Anthropic SDK, which
// streams real SSE over HTTP from the fake LLM server (in a process of its own). Per turn it
// takes: submit → the request at the server; the first text delta written to the socket → that
// text painted; the main thread's long tasks from submit to the end of the turn. The server's
// times are moved onto the page's clock by measured offsets. Prints `ROBOTA_BENCH_FIGURE` lines
// and a summary on stderr. BENCH_PROFILE=<prefix> also saves CPU profiles of the page's main
// thread and of the agent worker over the measured turns (`<prefix>-page.cpuprofile`, `-worker`).

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

const MODELS_PATH = '/v1/models'
const BARE_FETCHES = 20

/** Runs in the worker: `calls` fetches one after another; resolves with when each was called, on the worker's epoch clock. */
async function timeBareFetches({ url, apiKey, calls }: { url: string; apiKey: string; calls: number }): Promise<number[]> {
  const calledAt: number[] = []
  for (let call = 0; call < calls; call++) {
    calledAt.push(performance.timeOrigin + performance.now())
    await (await fetch(url, { headers: { 'x-api-key': apiKey } })).text()
  }
  return calledAt
}

const pageNow = (page: Page) => page.evaluate(() => performance.timeOrigin + performance.now())

async function startProfiles(devtools: WorkerDevTools): Promise<void> {
  await devtools.pageSession.send('Profiler.enable')
  await devtools.pageSession.send('Profiler.start')
  await devtools.send(AGENT_WORKER_URL_PART, 'Profiler.enable')
  await devtools.send(AGENT_WORKER_URL_PART, 'Profiler.start')
}

async function saveProfiles(devtools: WorkerDevTools, prefix: string): Promise<void> {
  const page = await devtools.pageSession.send('Profiler.stop')
  const worker = (await devtools.send(AGENT_WORKER_URL_PART, 'Profiler.stop')) as { profile: unknown }
  writeFileSync(`${prefix}-page.cpuprofile`, JSON.stringify(page.profile))
  writeFileSync(`${prefix}-worker.cpuprofile`, JSON.stringify(worker.profile))
}

/** Bundles the server process's script for Node; resolves with its path. */
async function bundleServerProcess(): Promise<string> {
  const outfile = join(BENCH_CACHE, 'fake-llm-child.mjs')
  await build({ entryPoints: [join(BENCH_ROOT, 'playground/fake-llm-child.ts')], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' })
  return outfile
}

async function main(): Promise<void> {
  // Wall-clock figures depend on what else the machine runs: its load goes in a row beside them.
  const loadBefore = loadavg()[0] ?? 0
  const server = await FakeLlmProcess.start({ script: await bundleServerProcess(), apiKey: API_KEY, eventDelayMs: EVENT_DELAY_MS, markerPattern: 'Answer-\\d{4}' })
  const playground = await openBuiltPlayground(installUserPathProbe).catch(async (error: unknown) => {
    await server.close()
    throw error
  })
  const { page, browser } = playground
  try {
    await chooseAnthropic(page, { baseURL: server.url, model: MODEL, apiKey: API_KEY })
    const worker = page.workers().find((candidate) => candidate.url().includes(AGENT_WORKER_URL_PART))
    // Room for every turn's request beside the worker's own chunks (250 entries by default).
    await worker?.evaluate(() => performance.setResourceTimingBufferSize(10_000))
    const profiling = process.env.BENCH_PROFILE ? await WorkerDevTools.attach(page) : undefined
    const turnWindows: Array<{ marker: string; doneAt: number }> = []
    const pageBefore = await measurePageClockOffset(page)
    const serverBefore = await server.measureClockOffset()
    for (let turn = 1; turn <= WARMUP_TURNS + TURNS; turn++) {
      const marker = markerOf(turn)
      if (profiling && turn === WARMUP_TURNS + 1) await startProfiles(profiling)
      server.enqueue({ text: [`${marker} `, 'streams ', 'in.'] })
      await page.evaluate((text) => (window as unknown as TUserPathWindow).robotaUserPath.watch(text), marker)
      await sendPrompt(page, `Question ${turn}`)
      await page.waitForFunction((text) => (window as unknown as TUserPathWindow).robotaUserPath.paints.some((paint) => paint.marker === text), marker, { polling: 20, timeout: 60_000 })
      await waitForSendButton(page)
      turnWindows.push({ marker, doneAt: await pageNow(page) })
    }
    if (profiling && process.env.BENCH_PROFILE) await saveProfiles(profiling, process.env.BENCH_PROFILE)
    const pageAfter = await measurePageClockOffset(page)
    const serverAfter = await server.measureClockOffset()
    // Long tasks are reported once they end; a frame later the observer has them all.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))))
    const probe = await page.evaluate(() => {
      const { submits, paints, longTasks } = (window as unknown as TUserPathWindow).robotaUserPath
      return { submits, paints, longTasks }
    })
    const fetchStarts = worker
      ? await worker.evaluate((path) => performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname === path).map((entry) => performance.timeOrigin + entry.startTime), MESSAGES_PATH)
      : []
    // The browser's own share: bare fetch() calls from the same worker to the same server.
    const bareCalls = worker ? await worker.evaluate(timeBareFetches, { url: `${server.url}${MODELS_PATH}`, apiKey: API_KEY, calls: BARE_FETCHES + 1 }) : []
    const noted = await server.requests()
    const requests = noted.filter((request) => request.method === 'POST' && request.path === MESSAGES_PATH)
    const bareArrivals = noted.filter((request) => request.method === 'GET' && request.path === MODELS_PATH).slice(-bareCalls.length)
    if (requests.length !== turnWindows.length || probe.submits.length !== turnWindows.length) {
      throw new Error(`Expected ${turnWindows.length} turns, saw ${probe.submits.length} submits and ${requests.length} model requests.`)
    }

    // Server → page clock through this process's: each the mean of two measurements, which also
    // bound the drift over the run.
    const pageAhead = (pageBefore.aheadMs + pageAfter.aheadMs) / 2 - (serverBefore.aheadMs + serverAfter.aheadMs) / 2
    const toRequest: number[] = []
    const toFetch: number[] = []
    const toPaint: number[] = []
    const toDom: number[] = []
    const domToFrame: number[] = []
    const frameToPainted: number[] = []
    let longTasks = 0
    let longestTask = 0
    for (const [index, turnWindow] of turnWindows.entries()) {
      if (index < WARMUP_TURNS) continue
      const submitAt = probe.submits[index] ?? Number.NaN
      toRequest.push((requests[index]?.receivedAt ?? Number.NaN) + pageAhead - submitAt)
      const fetchStart = fetchStarts[index]
      if (fetchStart !== undefined) toFetch.push(fetchStart - submitAt)
      const paint = probe.paints.find((candidate) => candidate.marker === turnWindow.marker)
      const written = (server.firstWrites.get(turnWindow.marker) ?? Number.NaN) + pageAhead
      if (paint) {
        toPaint.push(paint.paintedAt - written)
        toDom.push(paint.inDomAt - written)
        domToFrame.push(paint.frameAt - paint.inDomAt)
        frameToPainted.push(paint.paintedAt - paint.frameAt)
      }
      const tasks = probe.longTasks.filter((task) => task.startAt + task.duration >= submitAt && task.startAt <= turnWindow.doneAt)
      longTasks += tasks.length
      longestTask = Math.max(longestTask, ...tasks.map((task) => task.duration))
    }
    // The first bare call also waited for a CORS preflight.
    const bareToServer = bareCalls.slice(1).map((calledAt, index) => (bareArrivals[index + 1]?.receivedAt ?? Number.NaN) + pageAhead - calledAt)
    if (toPaint.length !== TURNS) throw new Error(`Only ${toPaint.length} of ${TURNS} first deltas were seen painted.`)

    const runtime = `Chromium ${browser.version()}, built playground`
    const round = (values: number[]) => values.map((value) => Number(value.toFixed(2)))
    const path = `${TURNS} turns; Anthropic SDK in the worker, fake SSE server over HTTP`
    const figures: TExternalFigure[] = [
      { figure: `User path: submit → provider request at the server, p50 (${path})`, runtime, unit: 'milliseconds', better: 'lower', samples: round(toRequest), target: 10, targetKind: 'lower' },
      ...(toFetch.length === TURNS ? [{ figure: '  submit → fetch() called in the worker (its resource timing), p50', runtime, unit: 'milliseconds' as const, better: 'lower' as const, samples: round(toFetch) }] : []),
      ...(bareToServer.length === BARE_FETCHES ? [{ figure: `  a bare fetch() from the same worker → the server, p50 of ${BARE_FETCHES} (the browser's own share)`, runtime, unit: 'milliseconds' as const, better: 'lower' as const, samples: round(bareToServer) }] : []),
      { figure: `User path: first delta written to the socket → its text painted, p99 of ${TURNS} turns`, runtime, unit: 'milliseconds', better: 'lower', samples: round([percentile(toPaint, 0.99)]), target: 16, targetKind: 'lower' },
      { figure: '  first delta written → painted, p50 and spread', runtime, unit: 'milliseconds', better: 'lower', samples: round(toPaint) },
      { figure: '  first delta written → in the page\'s DOM, p50 and spread', runtime, unit: 'milliseconds', better: 'lower', samples: round(toDom) },
      { figure: `User path: main-thread long tasks from submit to the end of the turn, all ${TURNS} turns`, runtime, unit: 'count', better: 'lower', samples: [longTasks], target: 0, targetKind: 'lower' },
      machineLoadFigure(runtime, loadBefore)
    ]
    printFigureLines(figures)
    process.stderr.write(
      `\nUser path in the built playground (${runtime}; ${TURNS} turns after ${WARMUP_TURNS} warm-up)\n` +
        `  submit → request at the server: p50 ${percentile(toRequest, 0.5).toFixed(2)} ms, p99 ${percentile(toRequest, 0.99).toFixed(2)} ms (target p50 ≤ 10)\n` +
        (toFetch.length > 0 ? `  submit → fetch() in the worker: p50 ${percentile(toFetch, 0.5).toFixed(2)} ms\n` : '') +
        (bareToServer.length > 0 ? `  bare fetch() in the worker → server: p50 ${percentile(bareToServer, 0.5).toFixed(2)} ms, p99 ${percentile(bareToServer, 0.99).toFixed(2)} ms\n` : '') +
        `  first delta written → painted: p50 ${percentile(toPaint, 0.5).toFixed(2)} ms, p99 ${percentile(toPaint, 0.99).toFixed(2)} ms (target p99 ≤ 16)\n` +
        `    of which socket → DOM p50 ${percentile(toDom, 0.5).toFixed(2)} / p99 ${percentile(toDom, 0.99).toFixed(2)} ms, ` +
        `DOM → next frame p50 ${percentile(domToFrame, 0.5).toFixed(2)} / p99 ${percentile(domToFrame, 0.99).toFixed(2)} ms, ` +
        `frame → painted p50 ${percentile(frameToPainted, 0.5).toFixed(2)} / p99 ${percentile(frameToPainted, 0.99).toFixed(2)} ms\n` +
        `  long tasks: ${longTasks} (longest ${longestTask.toFixed(0)} ms; target 0)\n` +
        `  clocks ahead of this process: page ${pageBefore.aheadMs.toFixed(3)} → ${pageAfter.aheadMs.toFixed(3)} ms (± ${Math.max(pageBefore.uncertaintyMs, pageAfter.uncertaintyMs).toFixed(3)}), ` +
        `server ${serverBefore.aheadMs.toFixed(3)} → ${serverAfter.aheadMs.toFixed(3)} ms (± ${Math.max(serverBefore.uncertaintyMs, serverAfter.uncertaintyMs).toFixed(3)})\n` +
        `  measured at ${new Date(nodeEpochNow()).toISOString()}\n`
    )
  } finally {
    await playground.close()
    await server.close()
  }
}

await main()
