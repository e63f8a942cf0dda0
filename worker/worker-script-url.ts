/** A worker the app's factory started, and the script URL it gave the `Worker` constructor, when that could be seen. */
export type TStartedWorker = { worker: Worker; scriptUrl: string | undefined }

/**
 * Runs the app's `() => new Worker(url, …)` and notes the URL it passed, made absolute. A `Worker`
 * does not say which script it runs, and the error event of a module worker whose script cannot
 * load does not either; with the URL, the client can find out what failed and name it.
 */
export function startNotingScriptUrl(start: () => Worker): TStartedWorker {
  const original = globalThis.Worker
  if (typeof original !== 'function') return { worker: start(), scriptUrl: undefined }
  let scriptUrl: string | undefined
  const noting: typeof Worker = new Proxy(original, {
    construct(target, args, newTarget): object {
      scriptUrl = toAbsoluteUrl(args[0])
      return Reflect.construct(target, args, newTarget === noting ? target : newTarget)
    }
  })
  // Swapped only for this synchronous call: bundlers compile `new Worker(…)` to a lookup of the
  // global at the moment it runs, so the app's factory constructs through `noting`.
  globalThis.Worker = noting
  try {
    return { worker: start(), scriptUrl }
  } finally {
    globalThis.Worker = original
  }
}

function toAbsoluteUrl(value: unknown): string | undefined {
  if (value === undefined) return undefined
  const base = globalThis.document?.baseURI ?? globalThis.location?.href
  try {
    return new URL(String(value), base).href
  } catch {
    return String(value)
  }
}
