import type { TBenchRuntime, TSuitePlan } from '../measure/bench-runtime.ts'
import { runSuite, type TSuiteFigures } from '../measure/run-suite.ts'
import { createAllScenarios } from '../scenarios/all-scenarios.ts'

// The page side of the Chromium figures: the same scenarios and harness as in Node, driven by
// `run-in-chromium.ts` through `globalThis.robotaBench`.

/** What the page reads from its globals: `gc` from `--js-flags=--expose-gc`, the heap from Playwright. */
type TBenchPageGlobals = typeof globalThis & {
  gc?: () => void
  robotaBenchUsedHeapBytes?: () => Promise<number>
  robotaBench?: { run(plan: TSuitePlan): Promise<TSuiteFigures> }
}

const page = globalThis as TBenchPageGlobals

function createPageRuntime(): TBenchRuntime {
  const collect = page.gc
  const usedHeapBytes = page.robotaBenchUsedHeapBytes
  if (!collect || !usedHeapBytes) throw new Error('The bench page needs gc (--js-flags=--expose-gc) and robotaBenchUsedHeapBytes (exposed by run-in-chromium.ts).')
  return {
    name: 'chromium',
    now: () => performance.now(),
    collectGarbage: async () => collect(),
    usedHeapBytes,
    log: (line) => console.log(`robota-bench: ${line}`)
  }
}

page.robotaBench = { run: (plan) => runSuite(createAllScenarios(), plan, createPageRuntime()) }
