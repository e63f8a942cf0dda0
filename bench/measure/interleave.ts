import type { TBenchScenario } from '../scenarios/scenario.ts'
import type { TBenchRuntime } from './bench-runtime.ts'

/** How many samples to take per library, and when a slow one may stop early. */
export type TSamplingPlan = {
  samples: number
  /** Fewer than this never, even past the time cap. */
  minimumSamples: number
  /** Once a library has spent this long, it stops as soon as it has `minimumSamples`. */
  maxMillisecondsPerLibrary: number
}

/**
 * Takes up to `plan.samples` samples of every scenario, interleaved: each pass visits every
 * library, starting one further along, so drift in machine load touches all of them alike.
 * Returns the samples per scenario, in the scenarios' order.
 */
export async function interleave<TSample>(
  scenarios: readonly TBenchScenario[],
  plan: TSamplingPlan,
  runtime: TBenchRuntime,
  takeSample: (scenario: TBenchScenario) => Promise<TSample>,
  onPass?: (pass: number) => void
): Promise<TSample[][]> {
  const samples: TSample[][] = scenarios.map(() => [])
  const spentMilliseconds = scenarios.map(() => 0)
  for (let pass = 0; pass < plan.samples; pass++) {
    for (let offset = 0; offset < scenarios.length; offset++) {
      const index = (pass + offset) % scenarios.length
      const scenario = scenarios[index]
      const taken = samples[index]
      const spent = spentMilliseconds[index] ?? 0
      if (!scenario || !taken) continue
      if (taken.length >= plan.minimumSamples && spent > plan.maxMillisecondsPerLibrary) continue
      const start = runtime.now()
      taken.push(await takeSample(scenario))
      spentMilliseconds[index] = spent + runtime.now() - start
    }
    onPass?.(pass)
  }
  return samples
}
