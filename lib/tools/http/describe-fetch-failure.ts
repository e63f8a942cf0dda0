import { describeError } from '../../core/describe-error.ts'

/** What was going on when a `fetch` call rejected. */
export type TFetchFailureContext = {
  url: string
  timeoutMs: number
  /** The request's own deadline fired. */
  timedOut: boolean
  /** The caller's signal (the user stopping the run) fired. */
  aborted: boolean
  /** The code runs in a page or a worker, where CORS applies. */
  inBrowser: boolean
}

/**
 * Words a rejected `fetch` for the model. Browsers hide why a request failed: a server that does
 * not allow cross-origin reads, a bad host and a dropped connection all surface as one bare
 * `TypeError` ("Failed to fetch", "Load failed"). In a browser that is most often CORS, so the
 * message says so and what to do about it.
 */
export function describeFetchFailure(error: unknown, context: TFetchFailureContext): string {
  if (context.timedOut) return `Request to ${context.url} timed out after ${context.timeoutMs / 1000} s.`
  if (context.aborted) return `Request to ${context.url} was interrupted.`
  const reason = describeError(error)
  if (context.inBrowser && error instanceof TypeError) {
    return (
      `Could not fetch ${context.url} (${reason}). In a browser this usually means the server does not allow ` +
      'cross-origin requests (CORS: no Access-Control-Allow-Origin header for this page); it can also be a ' +
      'network or DNS failure. Try another URL that allows CORS, a CORS-enabled proxy, or run the agent in Node.'
    )
  }
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : ''
  return `Could not fetch ${context.url}: ${reason}${cause}`
}

/** True in a page or a Web Worker, where cross-origin requests are subject to CORS. */
export function isBrowserEnvironment(): boolean {
  const scope = globalThis as { document?: unknown; WorkerGlobalScope?: unknown }
  return scope.document !== undefined || scope.WorkerGlobalScope !== undefined
}
