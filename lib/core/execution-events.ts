import type { TAssistantMessage, TToolMessage, TUniversalMessage } from './messages.ts'
import type { IProviderNativeRawPayloadEvent, TProviderResponse, IToolSchema } from './provider.ts'
import type { TToolDiff } from './tool.ts'
import type { TServerToolUse } from './server-tool-use.ts'

/** Data of each replay event type. Every value is plain, serializable data. */
export type TExecutionEventDataMap = {
  /** Immediately before a provider call: what was sent. */
  provider_request: {
    provider: string
    model: string
    messages: TUniversalMessage[]
    tools: IToolSchema[]
    /** The call's sampling temperature, when one was set. */
    temperature?: number
    /** The call's reply token cap, when one was set. */
    maxTokens?: number
    /**
     * Present only on a request read as its replay log records it (a window of a session's log,
     * `ISessionStore.loadEventWindow`): the call sent the first `count` messages of the request at
     * `seq`, then `messages`. A whole log read resolves it, so `messages` holds every message sent.
     */
    historyRange?: { seq: number; count: number }
  }
  /** One text delta as it reached the loop. */
  provider_stream_raw_delta: { sequence: number; delta: string }
  /** A provider-native payload the adapter reported; core numbers those it left unnumbered. */
  provider_native_raw_payload: IProviderNativeRawPayloadEvent & { sequence: number }
  /** The provider's reply as it returned, before the loop accepted it. */
  provider_response_raw: { response: TProviderResponse; responseKind: 'provider-normalized-message' }
  /** A tool the provider ran on its own servers (a hosted web search) started or ended. */
  server_tool_use: TServerToolUse & { provider: string }
  /** The reply the loop accepted. */
  provider_response_normalized: { response: TProviderResponse; toolCallsCount: number }
  /** An assistant message was committed to history. */
  assistant_message_committed: { message: TAssistantMessage }
  /** A batch of tool calls is about to run. */
  tool_batch_started: {
    batchId: string
    mode: 'sequential' | 'parallel'
    /** The concurrency limit of a parallel batch; `null` when unbounded. */
    maxConcurrency: number | null
    requestCount: number
    tools: string[]
  }
  /** One tool call about to run. */
  tool_execution_request: {
    batchId: string
    index: number
    toolName: string
    toolCallId: string
    parameters: Record<string, unknown>
    /** Who asked: agent, execution and tool call, outermost first. */
    ownerPath: Array<{ ownerType: string; ownerId: string }>
  }
  /** One tool call finished, failed or was skipped. */
  tool_execution_result: {
    batchId: string
    index: number
    toolName: string
    toolCallId: string
    success: boolean
    result?: unknown
    error?: string
    metadata?: Record<string, string | number | boolean>
    /** The file change the tool reported for display (Edit, Write). */
    diff?: TToolDiff
  }
  /** A tool result message was committed to history. */
  tool_message_committed: { batchId: string; index: number; message: TToolMessage }
  /** A message was appended to the canonical history; replaying these rebuilds it. */
  history_mutation: { mutation: 'append'; index: number; message: TUniversalMessage }
  /** A tool call needs the user's approval; the handler was asked. */
  permission_request: { toolName: string; toolCallId: string; parameters: Record<string, unknown>; mode: string }
  /** The permission outcome of a tool call and what decided it. */
  permission_decision: {
    toolName: string
    toolCallId: string
    decision: 'allow' | 'deny'
    /** What decided: a deny or allow pattern, the mode policy, the handler, a session rule, or an abort. */
    source: 'deny_list' | 'allow_list' | 'mode' | 'handler' | 'session_rule' | 'abort'
    mode: string
    pattern?: string
    reason?: string
    /**
     * On the copies a fork's log opens with: the session whose log it copied. A fork does not
     * inherit that session's allowances: a call like this one asks again there.
     */
    copiedFrom?: string
  }
  /** One hook ran for a lifecycle event. */
  hook_result: {
    event: string
    hookType: string
    matcher: string
    exitCode: number
    blocked: boolean
    timedOut: boolean
    durationMs: number
    stdout?: string
    stderr?: string
  }
}

/** Names of the replay event types. */
export type TExecutionEventType = keyof TExecutionEventDataMap

/** The envelope every replay event travels in; `seq` is monotonic within a session. */
export type TExecutionEventEnvelope<TType extends TExecutionEventType = TExecutionEventType> = {
  [K in TType]: {
    seq: number
    ts: number
    sessionId: string
    executionId: string
    round?: number
    type: K
    data: TExecutionEventDataMap[K]
  }
}[TType]

/** Receives replay events in order. */
export type TExecutionEventCallback = (event: TExecutionEventEnvelope) => void

/** Every replay event type, for filters and validation. */
export const EXECUTION_EVENT_TYPES: readonly TExecutionEventType[] = [
  'provider_request',
  'provider_stream_raw_delta',
  'provider_native_raw_payload',
  'provider_response_raw',
  'provider_response_normalized',
  'server_tool_use',
  'assistant_message_committed',
  'tool_batch_started',
  'tool_execution_request',
  'tool_execution_result',
  'tool_message_committed',
  'history_mutation',
  'permission_request',
  'permission_decision',
  'hook_result'
]

/** @deprecated use `TExecutionEventEnvelope`; the `I` prefix marks interfaces and the specs' names. */
export type IExecutionEventEnvelope<TType extends TExecutionEventType = TExecutionEventType> = TExecutionEventEnvelope<TType>
