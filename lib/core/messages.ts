import { createId } from './create-id.ts'

/** Whether a message finished normally or was cut short by an abort (assistant messages only). */
export type TMessageState = 'complete' | 'interrupted'

/** Values allowed in message metadata: plain, serializable data. */
export type TUniversalMessageMetadata = Record<
  string,
  string | number | boolean | string[] | number[] | Record<string, number>
>

/** A tool invocation requested by the model; `id` is the provider's own token, kept verbatim. */
export type TToolCall = {
  id: string
  name: string
  arguments: Record<string, unknown>
}

/** The fields every message has, whatever its role. */
export type TBaseMessage = {
  id: string
  state: TMessageState
  timestamp: number
  metadata?: TUniversalMessageMetadata
}

/** A message from the person driving the agent. */
export type TUserMessage = TBaseMessage & { role: 'user'; content: string }

/** A model turn: its text and any tool calls it asked for. */
export type TAssistantMessage = TBaseMessage & {
  role: 'assistant'
  content: string
  toolCalls?: TToolCall[]
}

/** Instructions that frame the conversation. */
export type TSystemMessage = TBaseMessage & { role: 'system'; content: string }

/** The result of one tool call, linked to it by `toolCallId`. */
export type TToolMessage = TBaseMessage & {
  role: 'tool'
  content: string
  toolCallId: string
  toolName: string
}

/** Every message the conversation history can hold. */
export type TUniversalMessage = TUserMessage | TAssistantMessage | TSystemMessage | TToolMessage

/** Role names of the message union. */
export type TMessageRole = TUniversalMessage['role']

/** What a message factory takes besides the content; an id and a timestamp are made when left out. */
export type TMessageExtras = { metadata?: TUniversalMessageMetadata; id?: string; timestamp?: number }

// Each factory builds one literal with its fields in a fixed order, so every message of a role
// shares one object shape: spreads gave each message its own, costing memory and speed.

/** Creates a user message (always `complete`). */
export function createUserMessage(content: string, extras: TMessageExtras = {}): TUserMessage {
  const message: TUserMessage = { id: extras.id ?? createId(), state: 'complete', timestamp: extras.timestamp ?? Date.now(), role: 'user', content }
  if (extras.metadata) message.metadata = extras.metadata
  return message
}

/** Creates an assistant message; pass `state: 'interrupted'` for a response cut short. */
export function createAssistantMessage(
  content: string,
  options: TMessageExtras & { toolCalls?: TToolCall[]; state?: TMessageState } = {}
): TAssistantMessage {
  const message: TAssistantMessage = {
    id: options.id ?? createId(),
    state: options.state ?? 'complete',
    timestamp: options.timestamp ?? Date.now(),
    role: 'assistant',
    content
  }
  if (options.metadata) message.metadata = options.metadata
  if (options.toolCalls && options.toolCalls.length > 0) message.toolCalls = options.toolCalls
  return message
}

/** Creates a system message (always `complete`). */
export function createSystemMessage(content: string, extras: TMessageExtras = {}): TSystemMessage {
  const message: TSystemMessage = { id: extras.id ?? createId(), state: 'complete', timestamp: extras.timestamp ?? Date.now(), role: 'system', content }
  if (extras.metadata) message.metadata = extras.metadata
  return message
}

/**
 * Creates the message that carries one tool call's result back to the model; pass
 * `state: 'interrupted'` for a call the caller's stop cut short or skipped.
 */
export function createToolMessage(
  content: string,
  link: { toolCallId: string; toolName: string },
  extras: TMessageExtras & { state?: TMessageState } = {}
): TToolMessage {
  const message: TToolMessage = {
    id: extras.id ?? createId(),
    state: extras.state ?? 'complete',
    timestamp: extras.timestamp ?? Date.now(),
    role: 'tool',
    content,
    toolCallId: link.toolCallId,
    toolName: link.toolName
  }
  if (extras.metadata) message.metadata = extras.metadata
  return message
}

/** Suffix the model sees on an assistant response that was aborted. */
export const INTERRUPTED_SUFFIX = '\n\n[This response was interrupted by the user]'

/** How the failure notice committed in place of a failed answer begins, after any text streamed before it. */
export const PROVIDER_FAILURE_NOTICE = 'Error: the model provider failed: '

/**
 * What the model sees of an answer its provider failed: the text it streamed before, then this. The
 * notice itself (the HTTP status, the reason) is for people; sent on, the model would read it as
 * something it said.
 */
export const PROVIDER_FAILURE_NOTE = '[This response ended early: the model provider failed]'

/** @deprecated use `TAssistantMessage`; the `I` prefix marks interfaces and the specs' names. */
export type IAssistantMessage = TAssistantMessage

/** @deprecated use `TSystemMessage`; the `I` prefix marks interfaces and the specs' names. */
export type ISystemMessage = TSystemMessage

/** @deprecated use `TToolCall`; the `I` prefix marks interfaces and the specs' names. */
export type IToolCall = TToolCall

/** @deprecated use `TToolMessage`; the `I` prefix marks interfaces and the specs' names. */
export type IToolMessage = TToolMessage

/** @deprecated use `TUserMessage`; the `I` prefix marks interfaces and the specs' names. */
export type IUserMessage = TUserMessage
