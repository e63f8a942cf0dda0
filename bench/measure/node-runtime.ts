import type { TBenchRuntime } from './bench-runtime.ts'

/** The Node runtime of the suite; needs `node --expose-gc`, which `npm run bench` passes. */
export function createNodeRuntime(): TBenchRuntime {
  const collect = globalThis.gc
  if (!collect) throw new Error('Run the bench with node --expose-gc (npm run bench does).')
  return {
    name: 'node',
    now: () => performance.now(),
    collectGarbage: async () => collect(),
    usedHeapBytes: async () => process.memoryUsage().heapUsed,
    log: (line) => process.stderr.write(`${line}\n`)
  }
}
