import type { TBenchScenario, TLibraryId } from '../scenarios/scenario.ts'
import { createDeltas } from '../scenarios/scripted-rounds.ts'
import type { TBenchRuntime, TStreamPlan } from './bench-runtime.ts'
import { interleave } from './interleave.ts'

/** One library's streaming samples: deltas per second that reached the caller in one round. */
export type TStreamFigures = { library: TLibraryId; deltas: number; deltasPerSecond: number[] }

async function streamOnce(scenario: TBenchScenario, deltas: readonly string[], runtime: TBenchRuntime): Promise<number> {
  const start = runtime.now()
  const received = (await scenario.streamRound?.(deltas)) ?? 0
  const elapsed = runtime.now() - start
  if (received !== deltas.length) throw new Error(`${scenario.library} delivered ${received} of ${deltas.length} deltas: its scenario is broken.`)
  return elapsed
}

/** Streaming throughput for every scenario that streams, interleaved like the loop figures. */
export async function measureStream(scenarios: readonly TBenchScenario[], plan: TStreamPlan, runtime: TBenchRuntime): Promise<TStreamFigures[]> {
  const deltas = createDeltas(plan.deltas)
  const streaming = scenarios.filter((scenario) => scenario.streamRound !== undefined)
  for (const scenario of streaming) {
    let warming = 0
    for (let run = 0; run < plan.warmupRuns && warming < plan.maxWarmupMilliseconds; run++) warming += await streamOnce(scenario, deltas, runtime)
  }
  const samples = await interleave(streaming, plan, runtime, async (scenario) => (deltas.length * 1000) / (await streamOnce(scenario, deltas, runtime)))
  runtime.log(`${runtime.name}: streaming done`)
  return streaming.map((scenario, index) => ({ library: scenario.library, deltas: plan.deltas, deltasPerSecond: samples[index] ?? [] }))
}
