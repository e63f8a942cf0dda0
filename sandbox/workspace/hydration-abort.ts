import type { PromiseFsClient } from 'isomorphic-git'

/** Why an entry stopped, or was never started, when the hydration's signal fired. */
export const HYDRATION_ABORTED_REASON = 'the hydration was aborted'

/** The error an aborted step throws: a DOM-style `AbortError` with a message saying what stopped. */
export function hydrationAbortedError(): DOMException {
  return new DOMException(HYDRATION_ABORTED_REASON, 'AbortError')
}

/**
 * Settles with `work`, or rejects with the abort error as soon as `signal` fires, even when the
 * work itself ignores the signal. The work's own later rejection is swallowed: nobody waits for it.
 */
export function raceAbort<TResult>(work: Promise<TResult>, signal: AbortSignal | undefined): Promise<TResult> {
  if (signal === undefined) return work
  if (signal.aborted) {
    work.catch(() => undefined)
    return Promise.reject(hydrationAbortedError())
  }
  return new Promise<TResult>((resolve, reject) => {
    const onAbort = () => reject(hydrationAbortedError())
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      }
    )
  })
}

const NULL_BODY_STATUSES = new Set([204, 205, 304])

/**
 * A `fetch` that passes `signal` on (joined with the caller's own) and stops waiting the moment it
 * fires, for the response and for its body alike.
 */
export function abortableFetch(fetchFunction: typeof fetch, signal: AbortSignal | undefined): typeof fetch {
  if (signal === undefined) return fetchFunction
  return async (input, init) => {
    const joined = init?.signal ? AbortSignal.any([init.signal, signal]) : signal
    const response = await raceAbort(fetchFunction(input, { ...init, signal: joined }), signal)
    const bytes = await raceAbort(response.arrayBuffer(), signal)
    // These statuses may carry no body, and a Response built with one throws.
    const buffered = new Response(NULL_BODY_STATUSES.has(response.status) ? null : bytes, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers
    })
    // git reads the final URL (after redirects), which a constructed Response leaves empty.
    return Object.defineProperty(buffered, 'url', { value: response.url })
  }
}

/** A filesystem that refuses every operation once aborted, and can wait for those still running. */
export type TAbortGuardedFilesystem = {
  fs: PromiseFsClient
  /** Resolves when no operation started before the abort is still running. */
  drained(): Promise<void>
}

/**
 * Wraps isomorphic-git's filesystem so that after `signal` fires no operation starts: a clone that
 * ignores the signal can write nothing more, and the caller can clean up once `drained()`.
 */
export function guardFilesystem(inner: PromiseFsClient, signal: AbortSignal | undefined): TAbortGuardedFilesystem {
  const running = new Set<Promise<unknown>>()
  const operations = inner.promises as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>
  const guarded: Record<string, (...args: unknown[]) => Promise<unknown>> = {}
  for (const [name, operation] of Object.entries(operations)) {
    guarded[name] = (...args: unknown[]) => {
      if (signal?.aborted) return Promise.reject(hydrationAbortedError())
      const pending = operation(...args)
      running.add(pending)
      const forget = () => running.delete(pending)
      pending.then(forget, forget)
      return pending
    }
  }
  return {
    fs: { promises: guarded } as unknown as PromiseFsClient,
    drained: async () => {
      while (running.size > 0) await Promise.allSettled([...running])
    }
  }
}
