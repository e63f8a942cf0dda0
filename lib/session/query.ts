import { assertPrompt } from '../core/assert-prompt.ts'
import { ProviderError } from '../core/errors.ts'
import type { TOutputSchema } from '../core/output-schema.ts'
import type { TTextDeltaCallback } from '../core/provider.ts'
import type { TPermissionMode } from '../permissions/index.ts'
import { assertSessionOptions } from './assert-session-options.ts'
import { QUERY_FACTORY_OPTION_KEYS } from './session-option-keys.ts'
import { InteractiveSession } from './interactive-session.ts'
import type { TInteractiveSessionOptions } from './interactive-session-types.ts'

/** What every query of a factory shares: the provider, and optionally a sandbox and a store. */
export type TQueryFactoryOptions = Omit<TInteractiveSessionOptions, 'resumeSessionId' | 'forkSession' | 'session'>

/** Options of one query. */
export type TQueryOptions = {
  cwd?: string
  permissionMode?: TPermissionMode
  /** Cap on model/tool rounds. */
  maxTurns?: number
  onTextDelta?: TTextDeltaCallback
  /** Called with the summary whenever the conversation is compacted. */
  onCompact?: (summary: string) => void
  signal?: AbortSignal
}

/**
 * Answers one prompt with the final response text; with `output` (a zod 4 schema, or any
 * Standard Schema with its JSON Schema), with the parsed and validated answer instead.
 */
export type TQuery = {
  <TOutput>(prompt: string, options: TQueryOptions & { output: TOutputSchema<TOutput> }): Promise<TOutput>
  (prompt: string, options?: TQueryOptions): Promise<string>
}

/**
 * A prompt-only function over the provider the caller made: each call runs a fresh interactive
 * session (configuration and context read from the sandbox, when there is one) and resolves with
 * the final answer, or the partial answer when aborted. A failure rejects; an empty prompt is
 * refused (`ValidationError`) before a session starts.
 *
 * @throws ConfigurationError naming the option when `provider` is missing or `tools` is no array.
 */
export function createQuery(factoryOptions: TQueryFactoryOptions): TQuery {
  assertSessionOptions(factoryOptions, 'createQuery(options)', QUERY_FACTORY_OPTION_KEYS)
  return (async (prompt: string, options: TQueryOptions & { output?: TOutputSchema } = {}) => {
    assertPrompt('query(prompt)', prompt)
    const session = new InteractiveSession({
      ...factoryOptions,
      ...(options.cwd ? { cwd: options.cwd } : {}),
      ...(options.permissionMode ? { permissionMode: options.permissionMode } : {}),
      ...(options.maxTurns === undefined ? {} : { maxTurns: options.maxTurns }),
      onReplayEvent: (event) => {
        factoryOptions.onReplayEvent?.(event)
        if (event.type === 'compaction') options.onCompact?.(event.data.summary)
      }
    })
    if (options.onTextDelta) session.on('text_delta', options.onTextDelta)
    const abort = () => session.abort()
    options.signal?.addEventListener('abort', abort, { once: true })
    try {
      await session.ready()
      const running = options.output ? session.submitForOutput(prompt, options.output) : session.submit(prompt)
      // The prompt is running from here, so an abort that came before it still stops it.
      if (options.signal?.aborted) session.abort()
      const result = await running
      if (!result) throw new ProviderError('The query ended without an answer.')
      if (result.error) throw result.error
      if (!options.output) return result.response
      if (!('output' in result) || result.output === undefined) throw new ProviderError('The query was interrupted before a structured answer arrived.')
      return result.output
    } finally {
      options.signal?.removeEventListener('abort', abort)
    }
  }) as TQuery
}
