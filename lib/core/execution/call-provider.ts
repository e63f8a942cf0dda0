import { isAbortError, ProviderError } from '../errors.ts'
import { followAbort } from '../follow-abort.ts'
import type { TUniversalMessage } from '../messages.ts'
import type { TProviderResponse, IToolSchema } from '../provider.ts'
import type { IExecutionContext } from './execution-context.ts'
import { assertProviderNativeWebToolsAvailable } from '../provider-capabilities.ts'
import { assertProviderResponse } from './assert-provider-response.ts'

/** How a provider call ended: a response, the caller's abort, or a failure. */
export type TProviderCallOutcome =
  | { kind: 'response'; response: TProviderResponse }
  | { kind: 'aborted'; response: TProviderResponse | undefined }
  | { kind: 'failed'; error: unknown }

/**
 * Calls the provider with the run's signal and, when configured, an idle timeout that every
 * streamed delta or raw payload resets. A timed-out call is a failure (the provider went quiet),
 * not an abort.
 */
export async function callProvider(
  context: IExecutionContext,
  messages: readonly TUniversalMessage[],
  tools: IToolSchema[],
  onDelta: (delta: string) => void,
  round: number
): Promise<TProviderCallOutcome> {
  const { signal, providerIdleTimeoutMs: idleMs } = context
  const idle = idleMs === undefined ? undefined : new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  let timedOut = false
  let lastActivity = Date.now()
  // One timer per quiet window, not one per delta: when it fires early it waits out the rest.
  const watch = (delayMs: number) => {
    if (!idle || idleMs === undefined) return
    timer = setTimeout(() => {
      const quietFor = Date.now() - lastActivity
      if (quietFor < idleMs) return watch(idleMs - quietFor)
      timedOut = true
      idle.abort(
        new ProviderError(
          `The provider sent nothing for ${idleMs} ms, so the call was stopped. Try again, or raise the agent's \`timeout\` if the model needs longer to answer.`
        )
      )
    }, delayMs)
  }
  const noteActivity = idle
    ? () => {
        lastActivity = Date.now()
      }
    : () => undefined
  // The idle watch's controller stands for the call: it follows the run's signal too.
  const stopFollowing = idle ? followAbort(signal, idle) : () => undefined
  const callSignal = idle ? idle.signal : signal
  const onStop = () => clearTimeout(timer)
  signal?.addEventListener('abort', onStop, { once: true })
  if (idleMs !== undefined) watch(idleMs)
  // The spec numbers native payloads: one a provider leaves unnumbered follows the last one seen.
  let nextPayloadSequence = 0
  try {
    const { toolChoice, ...sampling } = context.chatSettings
    // Checked here as well as in each adapter, so a provider that does not check refuses too.
    assertProviderNativeWebToolsAvailable(context.provider, sampling.nativeWebTools)
    const response = await context.provider.chat(messages, {
      model: context.model,
      ...sampling,
      ...(tools.length > 0 ? { tools, ...(toolChoice === undefined ? {} : { toolChoice }) } : {}),
      ...(context.output ? { output: context.output } : {}),
      ...(callSignal ? { signal: callSignal } : {}),
      onTextDelta: (delta) => {
        noteActivity()
        onDelta(delta)
      },
      onServerToolUse: (use) => {
        noteActivity()
        context.emit('server_tool_use', { ...use, provider: context.provider.name }, round)
      },
      onProviderNativeRawPayload: (payload) => {
        noteActivity()
        const sequence = payload.sequence ?? nextPayloadSequence
        nextPayloadSequence = sequence + 1
        context.emit('provider_native_raw_payload', { ...payload, sequence }, round)
      }
    })
    if (timedOut) return { kind: 'failed', error: idle?.signal.reason }
    assertProviderResponse(response, context.provider.name)
    if (signal?.aborted || response.stopReason === 'aborted') return { kind: 'aborted', response }
    return { kind: 'response', response }
  } catch (error) {
    if (timedOut) return { kind: 'failed', error: idle?.signal.reason }
    if (signal?.aborted || isAbortError(error)) return { kind: 'aborted', response: undefined }
    return { kind: 'failed', error }
  } finally {
    clearTimeout(timer)
    stopFollowing()
    signal?.removeEventListener('abort', onStop)
  }
}
