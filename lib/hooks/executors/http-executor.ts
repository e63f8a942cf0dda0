import { ConfigurationError } from '../../core/errors.ts'
import { DEFAULT_HOOK_OUTPUT_BYTES, readLimitedBody } from '../hook-output.ts'
import type { IHookDefinition, IHookInput, IHookResult, IHookTypeExecutor, THookExecutionContext } from '../hook-types.ts'

/** Options of the HTTP hook executor. */
export type THttpExecutorOptions = {
  /** The fetch to use; defaults to the platform's. */
  fetch?: typeof fetch
  /** Timeout when the caller gives none; defaults to 10 s. */
  timeoutMs?: number
}

const DEFAULT_TIMEOUT_MS = 10_000

/**
 * Sends the hook input as JSON (POST by default) and maps the status to an exit code: 2xx → 0
 * (the body is stdout, so it may carry a JSON verdict), 4xx → 2 (block; the body is the reason),
 * anything else → 1 (proceed with a warning). The body is read only up to the output cap.
 */
export class HttpExecutor implements IHookTypeExecutor {
  readonly type = 'http'
  private readonly fetchImplementation: typeof fetch | undefined
  private readonly timeoutMs: number

  constructor(options: THttpExecutorOptions = {}) {
    this.fetchImplementation = options.fetch
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  }

  async execute(hook: IHookDefinition, input: IHookInput, context?: THookExecutionContext): Promise<IHookResult> {
    if (hook.type !== 'http') throw new ConfigurationError(`HttpExecutor cannot run a "${hook.type}" hook.`)
    const timeoutMs = context?.timeoutMs ?? hook.timeoutMs ?? this.timeoutMs
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort(new Error(`HTTP hook timed out after ${timeoutMs} ms`))
    }, timeoutMs)
    const onAbort = (): void => controller.abort(context?.signal?.reason)
    if (context?.signal?.aborted) onAbort()
    else context?.signal?.addEventListener('abort', onAbort, { once: true })
    try {
      const method = (hook.method ?? 'POST').toUpperCase()
      const send = this.fetchImplementation ?? globalThis.fetch
      const response = await send(hook.url, {
        method,
        headers: { 'content-type': 'application/json', ...hook.headers },
        ...(method === 'GET' || method === 'HEAD' ? {} : { body: JSON.stringify(input) }),
        signal: controller.signal
      })
      const body = await readLimitedBody(response, context?.maxOutputBytes ?? DEFAULT_HOOK_OUTPUT_BYTES)
      if (response.ok) return { exitCode: 0, stdout: body.text, stderr: '' }
      const reason = body.text.trim() || `HTTP ${response.status} ${response.statusText}`.trim()
      return { exitCode: response.status >= 400 && response.status < 500 ? 2 : 1, stdout: '', stderr: reason }
    } catch (error) {
      if (timedOut) return { exitCode: 124, stdout: '', stderr: `timed out after ${timeoutMs} ms`, timedOut: true }
      throw error
    } finally {
      clearTimeout(timer)
      context?.signal?.removeEventListener('abort', onAbort)
    }
  }
}
