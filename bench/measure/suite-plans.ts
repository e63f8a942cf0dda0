import type { TLoopPlan, TSuitePlan } from './bench-runtime.ts'

function loopPlan(rounds: number, overrides: Partial<TLoopPlan>): TLoopPlan {
  return {
    rounds,
    samples: 9,
    minimumSamples: 3,
    maxMillisecondsPerLibrary: 10_000,
    minimumSampleMilliseconds: 25,
    warmupRuns: 3,
    maxWarmupMilliseconds: 2_000,
    ...overrides
  }
}

// Sized for 2 cores and the 10-minute limit. At N = 1000 the slowest peer takes 30–55 s a run
// (its per-round cost grows with the conversation), so past its time cap a library stops at 2
// timed runs and 1 heap run; the JIT is warm from N = 100 by then, so N = 1000 has no warm-up.

/** The full plan `npm run bench` runs in each runtime. */
export const FULL_PLAN: TSuitePlan = {
  loops: [
    loopPlan(10, {}),
    loopPlan(100, {}),
    loopPlan(1000, {
      samples: 5,
      minimumSamples: 2,
      maxMillisecondsPerLibrary: 15_000,
      minimumSampleMilliseconds: 0,
      warmupRuns: 0,
      heap: { samples: 3, minimumSamples: 1, maxMillisecondsPerLibrary: 8_000 }
    })
  ],
  stream: { deltas: 10_000, samples: 9, minimumSamples: 3, maxMillisecondsPerLibrary: 8_000, warmupRuns: 5, maxWarmupMilliseconds: 2_000 }
}

/** `npm run bench -- --quick`: every figure from as few samples as still give a median, to try a change fast. */
export const QUICK_PLAN: TSuitePlan = {
  loops: [
    loopPlan(10, { samples: 3, maxMillisecondsPerLibrary: 1 }),
    loopPlan(100, { samples: 3, maxMillisecondsPerLibrary: 1 }),
    loopPlan(1000, {
      samples: 2,
      minimumSamples: 1,
      maxMillisecondsPerLibrary: 1,
      minimumSampleMilliseconds: 0,
      warmupRuns: 0,
      heap: { samples: 1, minimumSamples: 1, maxMillisecondsPerLibrary: 1 }
    })
  ],
  stream: { deltas: 10_000, samples: 3, minimumSamples: 3, maxMillisecondsPerLibrary: 1, warmupRuns: 3, maxWarmupMilliseconds: 1_000 }
}
