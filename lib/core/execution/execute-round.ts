import { normalizeUsageMetadata } from '../context/token-usage.ts'
import { ErrorUtils } from '../error-utils.ts'
import { isRobotaError, type RobotaError } from '../errors.ts'
import type { TAssistantMessage, TUniversalMessage, TUniversalMessageMetadata } from '../messages.ts'
import { createSystemMessage, PROVIDER_FAILURE_NOTICE } from '../messages.ts'
import { callProvider } from './call-provider.ts'
import { checkPreSendCapacity, describeContextBlock } from './context-guard.ts'
import type { IExecutionContext } from './execution-context.ts'
import { describeError } from '../describe-error.ts'

/** How one provider round ended. */
export type TRoundOutcome =
  | { kind: 'completed'; message: TAssistantMessage }
  | { kind: 'interrupted'; message: TAssistantMessage }
  /** The provider failed; `error` is what it threw, as a Robota error. */
  | { kind: 'failed'; message: TAssistantMessage; error: RobotaError }
  /** The prompt was not sent: the conversation is past the context window's hard limit. */
  | { kind: 'blocked'; message: TAssistantMessage }

/** Options of one round beyond the shared context. */
export type TRoundOptions = {
  withTools: boolean
  /** Messages sent after the history this round only, never committed (a forced-summary request). */
  transientMessages?: TUniversalMessage[]
}

/**
 * One provider call: check the context size, announce the request, stream text into the pending
 * assistant message, then commit it through the single commit path, as `interrupted` when the run
 * was aborted. A provider failure becomes a readable assistant message instead of a throw.
 */
export async function executeRound(
  context: IExecutionContext,
  round: number,
  options: TRoundOptions = { withTools: true }
): Promise<TRoundOutcome> {
  const { store, emit } = context
  // Later rounds start on a new paragraph, so streamed text of several rounds stays readable.
  if (round > 1) context.onTextDelta?.('\n\n')

  const block = checkPreSendCapacity(store, context.contextWindow)
  if (block) {
    store.beginAssistant()
    store.appendStreaming(describeContextBlock(block))
    const { estimate, maxTokens, thresholdTokens } = block
    const message = commitMessage(context, round, 'complete', {
      contextGuard: true,
      estimatedTokens: estimate.effectiveTokens,
      serializedTokens: estimate.serializedTokens,
      providerUsageTokens: estimate.providerTokens ?? 0,
      maxTokens,
      thresholdTokens
    })
    return { kind: 'blocked', message }
  }

  const tools = options.withTools ? [...context.tools.values()].map((tool) => tool.schema) : []
  const messages = requestMessages(context, options.transientMessages)
  const { temperature, maxTokens } = context.chatSettings
  emit(
    'provider_request',
    {
      provider: context.provider.name,
      model: context.model,
      messages,
      tools,
      ...(temperature === undefined ? {} : { temperature }),
      ...(maxTokens === undefined ? {} : { maxTokens })
    },
    round
  )

  store.beginAssistant()
  let deltaSequence = 0
  const outcome = await callProvider(
    context,
    messages,
    tools,
    (delta) => {
      store.appendStreaming(delta)
      emit('provider_stream_raw_delta', { sequence: deltaSequence++, delta }, round)
      context.onTextDelta?.(delta)
      if (context.plugins) void context.plugins.onStreamChunk({ ...context.pluginContext, round }, delta)
    },
    round
  )

  if (outcome.kind === 'failed') {
    const reason = describeError(outcome.error)
    store.appendStreaming(`${store.getPendingContent() ? '\n\n' : ''}${PROVIDER_FAILURE_NOTICE}${reason}`)
    const error = toProviderFailure(outcome.error, context.provider.name)
    const message = commitMessage(context, round, 'complete', { error: true, errorCode: error.code })
    await context.plugins?.onError({ ...context.pluginContext, round }, outcome.error)
    return { kind: 'failed', message, error }
  }
  const response = outcome.response
  if (response) {
    emit('provider_response_raw', { response, responseKind: 'provider-normalized-message' }, round)
    // A provider that did not stream still returns its text; streamed text is already pending.
    if (!store.getPendingContent() && response.content) store.appendStreaming(response.content)
    for (const toolCall of response.toolCalls ?? []) store.appendToolCall(toolCall)
    emit('provider_response_normalized', { response, toolCallsCount: response.toolCalls?.length ?? 0 }, round)
  }
  const metadata = normalizeUsageMetadata(response?.metadata)
  if (outcome.kind === 'aborted') return { kind: 'interrupted', message: commitMessage(context, round, 'interrupted', metadata) }
  return { kind: 'completed', message: commitMessage(context, round, 'complete', metadata) }
}

// A provider that threw something other than a Robota error (a custom adapter, a bare fetch
// failure) still gives the caller a code: by its HTTP status, a network failure, or PROVIDER_ERROR.
function toProviderFailure(error: unknown, provider: string): RobotaError {
  return isRobotaError(error) && error instanceof Error ? error : ErrorUtils.wrapProviderError(error, provider)
}

function requestMessages(context: IExecutionContext, transient: TUniversalMessage[] = []): TUniversalMessage[] {
  // The system message gets a stable identity so replay logs compare equal across rounds.
  const system: TUniversalMessage[] = context.systemMessage
    ? [createSystemMessage(context.systemMessage, { id: 'system', timestamp: 0 })]
    : []
  return system.concat(context.store.peekMessagesForAPI(), transient)
}

function commitMessage(
  context: IExecutionContext,
  round: number,
  state: 'complete' | 'interrupted',
  metadata?: TUniversalMessageMetadata
): TAssistantMessage {
  const message = context.store.commitAssistant(state, metadata)
  context.emit('assistant_message_committed', { message }, round)
  return message
}
