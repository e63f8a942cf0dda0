import { createId } from '../../core/create-id.ts'
import { isAbortError } from '../../core/errors.ts'
import type { TUniversalMessage } from '../../core/messages.ts'
import type { IAIProvider, TProviderResponse } from '../../core/provider.ts'
import type { IHookInput, THookRunResult } from '../../hooks/index.ts'
import type { TAnySessionEventDataMap, TAnySessionEventType } from '../session-events.ts'
import { buildSummaryRequest, toSummaryHistory } from './compaction-prompt.ts'
import type { TCompactionOutcome, TCompactionTrigger } from './compaction-types.ts'

/** Records one event of a compaction under its execution id. */
export type TCompactionEmitter = <TType extends TAnySessionEventType>(
  type: TType,
  data: TAnySessionEventDataMap[TType],
  executionId: string,
  round?: number
) => void | Promise<void>

/** What the orchestrator works through: the provider, the event log and the hooks. */
export type TCompactionPorts = {
  provider: IAIProvider
  emit: TCompactionEmitter
  runHooks: (event: 'PreCompact' | 'PostCompact', fields: Partial<IHookInput>, executionId: string) => Promise<THookRunResult>
}

/** One compaction: the history to summarize and how to put the summary in its place. */
export type TCompactionRequest = {
  messages: readonly TUniversalMessage[]
  model: string
  trigger: TCompactionTrigger
  /** Focus asked for with this compaction (`/compact <instructions>`). */
  instructions?: string
  /** The project's "Compact Instructions". */
  projectInstructions?: string
  signal?: AbortSignal
  /** Tokens a history occupies in the context window. */
  measure: (messages: readonly TUniversalMessage[]) => number
  /** Puts the summary history in place; awaited before PostCompact hooks run. */
  apply: (history: TUniversalMessage[], executionId: string) => Promise<void>
}

/**
 * Summarizes a conversation through the session's provider and replaces the history with the
 * summary: PreCompact hooks (which may block), one summary call without tools (recorded as
 * `provider_request` and `provider_response_*` events, so a replay answers it), a `compaction`
 * event, the history replaced, then PostCompact hooks with the summary.
 */
export class CompactionOrchestrator {
  constructor(private readonly ports: TCompactionPorts) {}

  async compact(request: TCompactionRequest): Promise<TCompactionOutcome> {
    const { trigger, messages } = request
    if (messages.length === 0) return { compacted: false, trigger, reason: 'the conversation is empty' }
    const executionId = createId()
    const before = await this.ports.runHooks('PreCompact', { trigger }, executionId)
    if (before.blocked) return { compacted: false, trigger, reason: `a PreCompact hook blocked it: ${before.reason ?? 'no reason given'}` }

    const summarized = await this.summarize(request, executionId)
    if ('reason' in summarized) return { compacted: false, trigger, reason: summarized.reason }
    const { summary } = summarized
    const history = toSummaryHistory(summary)
    const outcome: TCompactionOutcome = {
      compacted: true,
      trigger,
      summary,
      messagesBefore: messages.length,
      tokensBefore: request.measure(messages),
      tokensAfter: request.measure(history)
    }
    await this.ports.emit(
      'compaction',
      {
        trigger,
        summary,
        messagesBefore: outcome.messagesBefore,
        tokensBefore: outcome.tokensBefore,
        tokensAfter: outcome.tokensAfter,
        ...(request.instructions ? { instructions: request.instructions } : {})
      },
      executionId
    )
    await request.apply(history, executionId)
    await this.ports.runHooks('PostCompact', { trigger, compact_summary: summary }, executionId)
    return outcome
  }

  /** The summary, or why there is none (an abort, an empty answer); a provider failure throws. */
  private async summarize(request: TCompactionRequest, executionId: string): Promise<{ summary: string } | { reason: string }> {
    const { provider, emit } = this.ports
    const messages = buildSummaryRequest(request.messages, {
      ...(request.instructions ? { instructions: request.instructions } : {}),
      ...(request.projectInstructions ? { projectInstructions: request.projectInstructions } : {})
    })
    const round = 1
    await emit('provider_request', { provider: provider.name, model: request.model, messages, tools: [] }, executionId, round)
    let sequence = 0
    let response: TProviderResponse
    try {
      response = await provider.chat(messages, {
        model: request.model,
        ...(request.signal ? { signal: request.signal } : {}),
        onTextDelta: (delta) => void emit('provider_stream_raw_delta', { sequence: sequence++, delta }, executionId, round)
      })
    } catch (error) {
      if (request.signal?.aborted || isAbortError(error)) return { reason: 'it was aborted before the summary was complete' }
      throw error
    }
    await emit('provider_response_raw', { response, responseKind: 'provider-normalized-message' }, executionId, round)
    await emit('provider_response_normalized', { response, toolCallsCount: 0 }, executionId, round)
    if (request.signal?.aborted || response.stopReason === 'aborted') return { reason: 'it was aborted before the summary was complete' }
    const summary = response.content.trim()
    return summary === '' ? { reason: 'the model returned an empty summary' } : { summary }
  }
}
