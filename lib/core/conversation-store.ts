import {
  createAssistantMessage,
  type IAssistantMessage,
  type IToolCall,
  type TMessageState,
  type TUniversalMessage,
  type TUniversalMessageMetadata
} from './messages.ts'

/** Receives every message appended to history, with its index. */
export type THistoryAppendListener = (message: TUniversalMessage, index: number) => void

type TPendingAssistant = { text: string; toolCalls: IToolCall[] }

/**
 * Append-only conversation history with one pending assistant message while a provider streams.
 * `commitAssistant` is the single way an assistant message enters history, whether the response
 * completed or was aborted, and it always keeps the text.
 */
export class ConversationStore {
  private readonly history: TUniversalMessage[]
  private pending: TPendingAssistant | undefined
  private readonly listeners = new Set<THistoryAppendListener>()

  constructor(initialHistory: readonly TUniversalMessage[] = []) {
    this.history = [...initialHistory]
  }

  /** Calls `listener` after every append; returns a function that stops it. */
  onAppend(listener: THistoryAppendListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Appends a complete message. */
  append(message: TUniversalMessage): void {
    this.history.push(message)
    const index = this.history.length - 1
    for (const listener of this.listeners) listener(message, index)
  }

  /** Starts a pending assistant message before a provider call. */
  beginAssistant(): void {
    this.pending = { text: '', toolCalls: [] }
  }

  /** Adds streamed text to the pending assistant message. */
  appendStreaming(delta: string): void {
    if (this.pending) this.pending.text += delta
  }

  /** Adds a tool call to the pending message, ignoring one whose id is already there. */
  appendToolCall(toolCall: IToolCall): void {
    if (!this.pending) return
    if (this.pending.toolCalls.some((existing) => existing.id === toolCall.id)) return
    this.pending.toolCalls.push(toolCall)
  }

  /** True while a provider call is streaming into the pending message. */
  hasPendingAssistant(): boolean {
    return this.pending !== undefined
  }

  /** The text streamed so far. */
  getPendingContent(): string {
    return this.pending?.text ?? ''
  }

  /** Commits the pending message (even an empty one) and returns it. */
  commitAssistant(state: TMessageState, metadata?: TUniversalMessageMetadata): IAssistantMessage {
    const pending = this.pending ?? { text: '', toolCalls: [] }
    this.pending = undefined
    const message = createAssistantMessage(pending.text, {
      state,
      toolCalls: pending.toolCalls,
      ...(metadata ? { metadata } : {})
    })
    this.append(message)
    return message
  }

  /** Drops the pending message without saving it. */
  discardPending(): void {
    this.pending = undefined
  }

  /** A copy of the history, oldest first. */
  getHistory(): TUniversalMessage[] {
    return [...this.history]
  }
}
