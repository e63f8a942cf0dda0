import type { TBenchScenario, TLibraryId, TLoopOutcome } from '../scenarios/scenario.ts'
import type { TBenchRuntime, TLoopPlan } from './bench-runtime.ts'
import { interleave } from './interleave.ts'

/** One library's loop samples at one round count. */
export type TLoopFigures = {
  library: TLibraryId
  rounds: number
  microsecondsPerRound: number[]
  /** Empty unless the plan measured heap. */
  retainedBytes: number[]
}

const SETTLE_MILLISECONDS = 150

// Written before the second collection so the run's state is certainly alive while the heap is
// read (a local could be dead to the optimizer by then), and cleared right after.
let heldOutcome: TLoopOutcome | undefined

function checkOutcome(library: TLibraryId, rounds: number, outcome: TLoopOutcome): void {
  if (outcome.toolExecutions !== rounds - 1) {
    throw new Error(`${library} ran the tool ${outcome.toolExecutions} times in ${rounds} rounds instead of ${rounds - 1}: its scenario is broken.`)
  }
}

// Stream internals and settled promises may still hold a run's objects until their reactions have
// run, so a macrotask passes before each collection that a heap reading depends on.
async function collectTwice(runtime: TBenchRuntime): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0))
  await runtime.collectGarbage()
  await runtime.collectGarbage()
}

/** One run between full collections: the heap its result keeps alive. */
async function retainedBytesOfOneRun(scenario: TBenchScenario, rounds: number, runtime: TBenchRuntime): Promise<number> {
  await collectTwice(runtime)
  // After a peer frees hundreds of megabytes, V8 sweeps and unmaps them on helper threads; on two
  // cores those would slow the next run, so they get a moment to finish first.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MILLISECONDS))
  const heapBefore = await runtime.usedHeapBytes()
  const outcome = await scenario.runLoop(rounds)
  checkOutcome(scenario.library, rounds, outcome)
  heldOutcome = outcome
  await collectTwice(runtime)
  const retainedBytes = (await runtime.usedHeapBytes()) - heapBefore
  heldOutcome = undefined
  return retainedBytes
}

/** Whole runs until the sample lasts `minimumSampleMilliseconds`: microseconds per round. */
async function timeRuns(scenario: TBenchScenario, plan: TLoopPlan, runtime: TBenchRuntime): Promise<number> {
  let runs = 0
  const start = runtime.now()
  let elapsed = 0
  while (runs === 0 || elapsed < plan.minimumSampleMilliseconds) {
    checkOutcome(scenario.library, plan.rounds, await scenario.runLoop(plan.rounds))
    runs++
    elapsed = runtime.now() - start
  }
  return (elapsed * 1000) / (runs * plan.rounds)
}

// Its own function, so nothing of a warm-up run outlives it in the caller's frame.
async function warmUp(scenario: TBenchScenario, plan: TLoopPlan, runtime: TBenchRuntime): Promise<void> {
  const start = runtime.now()
  for (let run = 0; run < plan.warmupRuns && runtime.now() - start < plan.maxWarmupMilliseconds; run++) {
    checkOutcome(scenario.library, plan.rounds, await scenario.runLoop(plan.rounds))
  }
}

/**
 * Loop overhead per round for every scenario at one round count, then (when the plan asks) the
 * heap one run retains. Heap runs are separate from timed runs: a forced collection just before a
 * run leaves V8's heap in a state that slows the run by up to twice, which would skew the time.
 */
export async function measureLoop(scenarios: readonly TBenchScenario[], plan: TLoopPlan, runtime: TBenchRuntime): Promise<TLoopFigures[]> {
  for (const scenario of scenarios) await warmUp(scenario, plan, runtime)
  const times = await interleave(scenarios, plan, runtime, (scenario) => timeRuns(scenario, plan, runtime), (pass) =>
    runtime.log(`${runtime.name}: N = ${plan.rounds}, pass ${pass + 1} of ${plan.samples}`)
  )
  const heap = plan.heap
    ? await interleave(scenarios, plan.heap, runtime, (scenario) => retainedBytesOfOneRun(scenario, plan.rounds, runtime), (pass) =>
        runtime.log(`${runtime.name}: N = ${plan.rounds}, retained heap, pass ${pass + 1} of ${plan.heap?.samples ?? 0}`)
      )
    : scenarios.map(() => [])
  return scenarios.map((scenario, index) => ({
    library: scenario.library,
    rounds: plan.rounds,
    microsecondsPerRound: times[index] ?? [],
    retainedBytes: heap[index] ?? []
  }))
}
