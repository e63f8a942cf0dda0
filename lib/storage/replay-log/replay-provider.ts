import { AbstractAIProvider } from '../../core/abstract-ai-provider.ts'
import { ProviderError, ValidationError } from '../../core/errors.ts'
import type { TExecutionEventEnvelope } from '../../core/execution-events.ts'
import type { TUniversalMessage } from '../../core/messages.ts'
import type { IChatOptions, TProviderResponse } from '../../core/provider.ts'
import { createAssistantMessage, PROVIDER_FAILURE_NOTICE } from '../../core/messages.ts'

/** One recorded provider call: what was sent, what streamed back, and how it ended. */
type TRecordedCall = {
  request: TExecutionEventEnvelope<'provider_request'>
  deltas: string[]
  response: TProviderResponse | undefined
  committed: TExecutionEventEnvelope<'assistant_message_committed'> | undefined
}

/** Thrown when a replay is sent something other than what was recorded. */
export class ReplayDivergenceError extends ValidationError {
  override readonly name = 'ReplayDivergenceError'
}

/**
 * A provider that answers from a recorded log: each call (a turn's round or a compaction's
 * summary call) gets the next recorded one, with the same deltas streamed and the same response
 * (or the same failure). Each request is checked against the recorded one (roles, text and tool
 * call ids), so a replay that drifts stops with a `ReplayDivergenceError` naming the call and
 * the message that differs.
 */
export class ReplayProvider extends AbstractAIProvider {
  readonly name: string
  private readonly calls: TRecordedCall[]
  private nextCall = 0

  constructor(events: readonly TExecutionEventEnvelope[], options: { name?: string } = {}) {
    super()
    this.calls = collectCalls(events)
    this.name = options.name ?? this.calls[0]?.request.data.provider ?? 'replay'
  }

  /** How many recorded calls have not been replayed yet. */
  get remainingCalls(): number {
    return this.calls.length - this.nextCall
  }

  async chat(messages: readonly TUniversalMessage[], options: IChatOptions): Promise<TProviderResponse> {
    const index = this.nextCall++
    const call = this.calls[index]
    if (!call) throw new ReplayDivergenceError(`Replay asked for call ${index + 1}, but the log recorded only ${this.calls.length}.`)
    assertSameRequest(index, call.request.data.messages, messages)
    for (const delta of call.deltas) {
      if (options.signal?.aborted) break
      options.onTextDelta?.(delta)
    }
    if (call.response) return structuredClone(call.response)
    const committed = call.committed?.data.message
    if (committed?.metadata?.error === true) throw new ProviderError(failureReasonOf(committed.content))
    return { ...createAssistantMessage(call.deltas.join('')), stopReason: 'aborted' }
  }
}

function collectCalls(events: readonly TExecutionEventEnvelope[]): TRecordedCall[] {
  const calls: TRecordedCall[] = []
  const open = new Map<string, TRecordedCall>()
  for (const event of events) {
    const key = `${event.executionId}:${event.round ?? ''}`
    if (event.type === 'provider_request') {
      const call: TRecordedCall = { request: event, deltas: [], response: undefined, committed: undefined }
      calls.push(call)
      open.set(key, call)
      continue
    }
    const call = open.get(key)
    if (!call) continue
    if (event.type === 'provider_stream_raw_delta') call.deltas.push(event.data.delta)
    else if (event.type === 'provider_response_raw') call.response = event.data.response
    else if (event.type === 'assistant_message_committed') {
      call.committed = event
      open.delete(key)
    }
  }
  return calls
}

function fingerprint(message: TUniversalMessage): string {
  const toolIds = message.role === 'assistant' ? (message.toolCalls ?? []).map((call) => call.id).join(',') : ''
  const link = message.role === 'tool' ? message.toolCallId : ''
  return `${message.role}|${message.content}|${toolIds}|${link}`
}

function assertSameRequest(index: number, recorded: readonly TUniversalMessage[], actual: readonly TUniversalMessage[]): void {
  const length = Math.max(recorded.length, actual.length)
  for (let position = 0; position < length; position++) {
    const expected = recorded[position]
    const received = actual[position]
    if (!expected || !received || fingerprint(expected) !== fingerprint(received)) {
      throw new ReplayDivergenceError(
        `Replay diverged at call ${index + 1}, message ${position + 1}: recorded ${describe(expected)}, got ${describe(received)}.`,
        { details: { call: index + 1, message: position + 1 } }
      )
    }
  }
}

function describe(message: TUniversalMessage | undefined): string {
  if (!message) return 'nothing'
  const text = message.content.length > 60 ? `${message.content.slice(0, 60)}…` : message.content
  return `${message.role} "${text}"`
}

/**
 * The prompts a recorded session was given, in order: what to submit to re-run it. A log with
 * compactions or clears between them re-runs through `rerunReplay`, which replays those too.
 */
export function recordedPrompts(events: readonly TExecutionEventEnvelope[]): string[] {
  const prompts: string[] = []
  for (const event of events) {
    if (event.type === 'history_mutation' && event.data.message.role === 'user' && event.round === undefined) {
      prompts.push(event.data.message.content)
    }
  }
  return prompts
}

// The reason the failure notice gives, after any text the answer streamed before it failed.
function failureReasonOf(content: string): string {
  const notice = content.lastIndexOf(PROVIDER_FAILURE_NOTICE)
  return notice === -1 ? content : content.slice(notice + PROVIDER_FAILURE_NOTICE.length)
}
