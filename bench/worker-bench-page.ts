import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import type { THostEvent } from '../lib/host/agent-host.ts'
import { App } from '../playground/app.tsx'
import '../playground/styles.css'
import { createAgentClient } from '../worker/create-agent-client.ts'
import { sharedClockNow } from './worker-bench-provider.ts'

// The bench page: the SDK's worker client over the bench worker, measured from the page.
// `?playground` renders the playground's own App on the same client instead.

/** What one streamed turn measured, as the page saw it. */
export type TStreamMeasurement = {
  deltas: number
  /** Deltas per second, from the first delta produced to the last one received. */
  deltasPerSecond: number
  /** Milliseconds from a delta produced in the worker to its arrival in the page. */
  latency: { p50: number; p99: number; max: number }
  /** The same p99 without the turn's last batch, which waits for the end-of-turn storage commit. */
  p99BeforeLastBatch: number
  /** Batches (worker → page messages) the deltas came in. */
  batches: number
}

const client = createAgentClient({
  createWorker: () => new Worker(new URL('./worker-bench-agent.ts', import.meta.url), { type: 'module', name: 'robota-bench-agent' })
})

const longTasks: Array<{ start: number; duration: number }> = []
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration })
}).observe({ type: 'longtask', buffered: true })

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN
}

/** Runs one bench turn in a fresh session and measures its deltas as they reach the page. */
async function streamTurn(prompt: string): Promise<TStreamMeasurement> {
  const session = await client.createSession({ name: prompt })
  const latencies: number[] = []
  let lastBatchStart = 0
  let firstProduced = Number.NaN
  let lastArrived = Number.NaN
  let batches = 0
  // Only the model call the prompt asks for is measured: a 100,000-delta answer fills the context
  // window, and the session's compaction that follows streams a summary of its own.
  let answered = false
  const listener = (events: THostEvent[]) => {
    const arrived = sharedClockNow()
    const batchStart = latencies.length
    let counted = false
    for (const event of events) {
      if (answered || event.kind !== 'replay' || event.event.sessionId !== session.id) continue
      if (event.event.type === 'provider_response_raw') answered = true
      if (event.event.type !== 'provider_stream_raw_delta') continue
      const produced = Number.parseFloat(event.event.data.delta)
      if (Number.isNaN(firstProduced)) firstProduced = produced
      latencies.push(arrived - produced)
      lastArrived = arrived
      counted = true
    }
    if (!counted) return
    batches++
    lastBatchStart = batchStart
  }
  const subscription = await client.subscribe(listener)
  try {
    await client.submit(session.id, prompt)
  } finally {
    await client.unsubscribe(subscription)
  }
  const sorted = [...latencies].sort((left, right) => left - right)
  const beforeLast = latencies.slice(0, lastBatchStart).sort((left, right) => left - right)
  return {
    deltas: latencies.length,
    deltasPerSecond: Math.round(latencies.length / ((lastArrived - firstProduced) / 1_000)),
    latency: { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? Number.NaN },
    p99BeforeLastBatch: percentile(beforeLast, 0.99),
    batches
  }
}

/** What the bench runner calls through `page.evaluate`. */
export type TBenchPage = {
  streamTurn: (prompt: string) => Promise<TStreamMeasurement>
  /** Long tasks (over 50 ms) of the main thread that started after `since` (a `performance.now()`). */
  longTasksSince: (since: number) => Array<{ start: number; duration: number }>
}

const bench: TBenchPage = { streamTurn, longTasksSince: (since) => longTasks.filter((task) => task.start >= since) }
Object.assign(window, { robotaBench: bench })

const root = document.getElementById('root')
if (root && new URLSearchParams(location.search).has('playground')) {
  createRoot(root).render(createElement(App, { host: client, storage: undefined }))
}
