// CPU time of a page's threads, read from a Chromium trace. On a machine that other work keeps
// busy, wall-clock figures stretch with the load; the thread time a task used stretches far less,
// so it says whether a change did less work or only met a quieter machine.

/** The trace category these figures need: top-level tasks carry their thread time (`tdur`). */
export const THREAD_CPU_TRACE_CATEGORIES = ['toplevel']

/**
 * Milliseconds of CPU time the page's main thread and its dedicated workers spent, summed over
 * their top-level tasks, from `traceBuffer` (what `browser.stopTracing()` returns). The page is
 * the renderer that runs a dedicated worker; other renderers (browser UI) are left out.
 * @returns `{ main, workers }`, or `undefined` when the trace holds no such renderer.
 */
export function pageThreadCpuMs(traceBuffer) {
  const events = JSON.parse(traceBuffer.toString('utf8')).traceEvents ?? []
  const threadNames = new Map()
  for (const event of events) if (event.ph === 'M' && event.name === 'thread_name') threadNames.set(`${event.pid}:${event.tid}`, event.args?.name ?? '')
  const workerThread = [...threadNames].find(([, name]) => name.startsWith('DedicatedWorker'))
  if (!workerThread) return undefined
  const pagePid = Number(workerThread[0].split(':')[0])
  const totals = { main: 0, workers: 0 }
  // Slices nest; only the outermost of each thread counts, so nothing is counted twice.
  const endOfOpenSlice = new Map()
  const slices = events.filter((event) => event.ph === 'X' && event.pid === pagePid && typeof event.tdur === 'number').sort((left, right) => left.ts - right.ts)
  for (const slice of slices) {
    const thread = `${slice.pid}:${slice.tid}`
    const name = threadNames.get(thread) ?? ''
    const kind = name === 'CrRendererMain' ? 'main' : name.startsWith('DedicatedWorker') ? 'workers' : undefined
    if (kind === undefined || slice.ts < (endOfOpenSlice.get(thread) ?? -Infinity)) continue
    endOfOpenSlice.set(thread, slice.ts + slice.dur)
    totals[kind] += slice.tdur / 1000
  }
  return totals
}
