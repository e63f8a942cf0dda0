import { isAbortError } from '../errors.ts'
import type { IAssistantMessage, TUniversalMessageMetadata } from '../messages.ts'
import type { IProviderResponse } from '../provider.ts'
import { buildRequestMessages } from './build-request-messages.ts'
import type { IExecutionContext } from './execution-context.ts'

/** How one provider round ended. */
export type TRoundOutcome =
  | { kind: 'completed'; message: IAssistantMessage }
  | { kind: 'interrupted'; message: IAssistantMessage }
  | { kind: 'failed'; message: IAssistantMessage; error: unknown }

/** Options of one round beyond the shared context. */
export type TRoundOptions = { withTools: boolean }

/**
 * One provider call: announce the request, stream text into the pending assistant message,
 * then commit it through the single commit path, as `interrupted` when the run was aborted.
 * A provider failure becomes a readable assistant message instead of a throw.
 */
export async function executeRound(
  context: IExecutionContext,
  round: number,
  options: TRoundOptions = { withTools: true }
): Promise<TRoundOutcome> {
  const { store, provider, emit, signal } = context
  // Later rounds start on a new paragraph, so streamed text of several rounds stays readable.
  if (round > 1) context.onTextDelta?.('\n\n')

  const tools = options.withTools ? [...context.tools.values()].map((tool) => tool.schema) : []
  const messages = buildRequestMessages(context.systemMessage, store.getHistory())
  emit('provider_request', { provider: provider.name, model: context.model, messages, tools }, round)

  store.beginAssistant()
  let deltaSequence = 0
  let response: IProviderResponse
  try {
    response = await provider.chat(messages, {
      model: context.model,
      ...(tools.length > 0 ? { tools } : {}),
      ...(signal ? { signal } : {}),
      onTextDelta: (delta) => {
        store.appendStreaming(delta)
        emit('provider_stream_raw_delta', { sequence: deltaSequence++, delta }, round)
        context.onTextDelta?.(delta)
      },
      onProviderNativeRawPayload: (payload) => emit('provider_native_raw_payload', payload, round)
    })
  } catch (error) {
    if (signal?.aborted || isAbortError(error)) return commit(context, round, 'interrupted')
    const reason = error instanceof Error ? error.message : String(error)
    const prefix = store.getPendingContent() ? '\n\n' : ''
    store.appendStreaming(`${prefix}Error: the model provider failed: ${reason}`)
    const code = typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : 'PROVIDER_ERROR'
    const message = commitMessage(context, round, 'complete', { error: true, errorCode: code })
    return { kind: 'failed', message, error }
  }

  emit('provider_response_raw', { response, responseKind: 'provider-normalized-message' }, round)
  // A provider that did not stream still returns its text; streamed text is already pending.
  if (!store.getPendingContent() && response.content) store.appendStreaming(response.content)
  for (const toolCall of response.toolCalls ?? []) store.appendToolCall(toolCall)
  emit('provider_response_normalized', { response, toolCallsCount: response.toolCalls?.length ?? 0 }, round)

  const aborted = signal?.aborted === true || response.stopReason === 'aborted'
  return commit(context, round, aborted ? 'interrupted' : 'completed', response.metadata)
}

function commit(
  context: IExecutionContext,
  round: number,
  kind: 'completed' | 'interrupted',
  metadata?: TUniversalMessageMetadata
): TRoundOutcome {
  const message = commitMessage(context, round, kind === 'completed' ? 'complete' : 'interrupted', metadata)
  return { kind, message }
}

function commitMessage(
  context: IExecutionContext,
  round: number,
  state: 'complete' | 'interrupted',
  metadata?: TUniversalMessageMetadata
): IAssistantMessage {
  const message = context.store.commitAssistant(state, metadata)
  context.emit('assistant_message_committed', { message }, round)
  return message
}
