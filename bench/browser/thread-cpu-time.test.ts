import { describe, expect, it } from 'vitest'
import { pageThreadCpuMs } from './thread-cpu-time.mjs'

const thread = (pid: number, tid: number, name: string) => ({ ph: 'M', name: 'thread_name', pid, tid, args: { name } })
const slice = (pid: number, tid: number, ts: number, dur: number, tdur: number) => ({ ph: 'X', name: 'RunTask', pid, tid, ts, dur, tdur })
const trace = (events: object[]) => Buffer.from(JSON.stringify({ traceEvents: events }))

describe('pageThreadCpuMs', () => {
  it("sums the thread time of the outermost tasks of the page's main thread and its workers, in milliseconds", () => {
    const events = [
      thread(1, 10, 'CrRendererMain'),
      thread(1, 11, 'DedicatedWorker thread'),
      thread(1, 12, 'Compositor'),
      // A browser-UI renderer without workers: not the page.
      thread(2, 20, 'CrRendererMain'),
      slice(1, 10, 0, 10_000, 4_000),
      // Nested in the task above: counted with it, not again.
      slice(1, 10, 1_000, 5_000, 3_000),
      slice(1, 10, 20_000, 2_000, 2_000),
      slice(1, 11, 5_000, 50_000, 30_000),
      slice(1, 12, 0, 9_000, 9_000),
      slice(2, 20, 0, 99_000, 99_000)
    ]
    expect(pageThreadCpuMs(trace(events))).toEqual({ main: 6, workers: 30 })
  })

  it('finds no page in a trace without a dedicated worker', () => {
    expect(pageThreadCpuMs(trace([thread(1, 10, 'CrRendererMain'), slice(1, 10, 0, 1_000, 1_000)]))).toBeUndefined()
  })
})
