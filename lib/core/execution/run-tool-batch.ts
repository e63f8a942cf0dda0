import type { TToolExecutionOptions } from './execution-context.ts'

/**
 * Runs `count` jobs with the batch's concurrency and returns their results in request order.
 * Every job runs or is skipped; nothing stops early on a failure (jobs report failures as
 * results). `parallel` without `maxConcurrency` starts all at once; a limit below 1 means 1.
 */
export async function runToolBatch<TResult>(
  count: number,
  options: TToolExecutionOptions,
  job: (index: number) => Promise<TResult>
): Promise<TResult[]> {
  const results = new Array<TResult>(count)
  const limit = options.mode === 'sequential' ? 1 : Math.max(1, Math.floor(options.maxConcurrency ?? count))
  let next = 0
  const worker = async () => {
    while (next < count) {
      const index = next++
      results[index] = await job(index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker))
  return results
}
