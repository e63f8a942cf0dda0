import type { TBenchScenario } from '../scenarios/scenario.ts'
import type { TBenchRuntime, TSuitePlan } from './bench-runtime.ts'
import { measureLoop, type TLoopFigures } from './measure-loop.ts'
import { measureStream, type TStreamFigures } from './measure-stream.ts'

/** Everything one runtime measured: plain data, so it crosses from a page to Node intact. */
export type TSuiteFigures = { runtime: TBenchRuntime['name']; loops: TLoopFigures[]; streams: TStreamFigures[] }

/** Runs the loop figures at each round count, then the streaming figure, in one runtime. */
export async function runSuite(allScenarios: readonly TBenchScenario[], plan: TSuitePlan, runtime: TBenchRuntime): Promise<TSuiteFigures> {
  const scenarios = plan.libraries ? allScenarios.filter((scenario) => plan.libraries?.includes(scenario.library)) : allScenarios
  const loops: TLoopFigures[] = []
  for (const loopPlan of plan.loops) loops.push(...(await measureLoop(scenarios, loopPlan, runtime)))
  const streams = await measureStream(scenarios, plan.stream, runtime)
  return { runtime: runtime.name, loops, streams }
}
