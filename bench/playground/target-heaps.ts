import type { WorkerDevTools } from './worker-devtools.ts'

/** The JS heap in use of a page and of one of its workers, in bytes, after full collections. */
export type THeapReading = { pageBytes: number; workerBytes: number }

/** Collects garbage in the page and in the worker whose script URL contains `workerUrlPart`, then reads both heaps. */
export async function readHeaps(devtools: WorkerDevTools, workerUrlPart: string): Promise<THeapReading> {
  // Twice: objects kept alive only by finalizers and weak maps go on the second pass.
  for (let pass = 0; pass < 2; pass++) {
    await devtools.pageSession.send('HeapProfiler.collectGarbage')
    await devtools.send(workerUrlPart, 'HeapProfiler.collectGarbage')
  }
  const page = await devtools.pageSession.send('Runtime.getHeapUsage')
  const worker = (await devtools.send(workerUrlPart, 'Runtime.getHeapUsage')) as { usedSize: number }
  return { pageBytes: page.usedSize, workerBytes: worker.usedSize }
}
