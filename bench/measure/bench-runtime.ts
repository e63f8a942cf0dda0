import type { TLibraryId } from '../scenarios/scenario.ts'
import type { TSamplingPlan } from './interleave.ts'

/** What a measurement needs from the runtime it runs in (Node or a Chromium page). */
export type TBenchRuntime = {
  /** `'node'` or `'chromium'`: the column the figures land in. */
  name: 'node' | 'chromium'
  /** A monotonic clock in milliseconds. */
  now(): number
  /** A full garbage collection (`--expose-gc`). */
  collectGarbage(): Promise<void>
  /** Bytes of JavaScript heap in use right now (Chromium asks through the DevTools protocol). */
  usedHeapBytes(): Promise<number>
  /** Where progress lines go, so a long run shows it is alive. */
  log(line: string): void
}

/** Loop-figure settings for one round count. */
export type TLoopPlan = TSamplingPlan & {
  rounds: number
  /** Short runs are repeated until one sample lasts this long, so timer grain does not matter. */
  minimumSampleMilliseconds: number
  /** Untimed runs per library before sampling, so the JIT has warmed up… */
  warmupRuns: number
  /** …stopping early once warming up has taken this long. */
  maxWarmupMilliseconds: number
  /** When present, separate runs between full collections give the heap a run retains. */
  heap?: TSamplingPlan
}

/** Streaming-figure settings. */
export type TStreamPlan = TSamplingPlan & {
  deltas: number
  warmupRuns: number
  maxWarmupMilliseconds: number
}

/** Everything one runtime measures: plain data, so it crosses into a Chromium page. */
export type TSuitePlan = {
  loops: TLoopPlan[]
  stream: TStreamPlan
  /** Only these libraries (`--only=robota,…`); all when absent. */
  libraries?: TLibraryId[]
}
