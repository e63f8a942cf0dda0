import { CHARS_PER_TOKEN, combineContextEstimate, measuredContextTokens, serializedMessageLength } from './context/estimation.ts'
import type { IContextTokenEstimate } from './context/estimation.ts'
import { isChatEntry, messageToHistoryEntry, toApiMessage, type IHistoryEntry } from './history.ts'
import {
  createAssistantMessage,
  type TAssistantMessage,
  type TToolCall,
  type TMessageState,
  type TUniversalMessage,
  type TUniversalMessageMetadata
} from './messages.ts'

/** Receives every chat message appended to history, with its index among the messages. */
export type THistoryAppendListener = (message: TUniversalMessage, index: number) => void

type TPendingAssistant = { text: string; toolCalls: TToolCall[] }

/**
 * Append-only conversation history with one pending assistant message while a provider streams.
 * `commitAssistant` is the single way an assistant message enters history, whether the response
 * completed or was aborted, and it always keeps the text. The store keeps the provider view and
 * the size counters up to date as it grows, so each round costs the same however long the
 * conversation is.
 */
export class ConversationStore {
  private readonly entries: IHistoryEntry[] = []
  private readonly messages: TUniversalMessage[] = []
  private readonly apiMessages: TUniversalMessage[] = []
  private serializedCharacters = 0
  private latestUsageTokens: number | undefined
  private latestUsageIndex = -1
  private pending: TPendingAssistant | undefined
  private readonly listeners = new Set<THistoryAppendListener>()

  constructor(initialHistory: readonly (TUniversalMessage | IHistoryEntry)[] = []) {
    for (const item of initialHistory) {
      if ('category' in item) this.addEntry(item)
      else this.append(item)
    }
  }

  /** Calls `listener` after every chat append; returns a function that stops it. */
  onAppend(listener: THistoryAppendListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Appends a complete message. */
  append(message: TUniversalMessage): void {
    this.entries.push(messageToHistoryEntry(message))
    this.messages.push(message)
    this.apiMessages.push(toApiMessage(message))
    this.serializedCharacters += serializedMessageLength(message)
    const index = this.messages.length - 1
    const measured = measuredContextTokens(message)
    if (measured !== undefined) {
      this.latestUsageTokens = measured
      this.latestUsageIndex = index
    }
    for (const listener of this.listeners) listener(message, index)
  }

  /** Appends a pre-built entry: a chat entry joins the conversation, an event entry only the history. */
  addEntry(entry: IHistoryEntry): void {
    if (isChatEntry(entry)) this.append(entry.data)
    else this.entries.push(entry)
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
  appendToolCall(toolCall: TToolCall): void {
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
  commitAssistant(state: TMessageState, metadata?: TUniversalMessageMetadata): TAssistantMessage {
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

  /** A copy of the full history (chat and event entries), oldest first. */
  getHistory(): IHistoryEntry[] {
    return [...this.entries]
  }

  /** A copy of the chat messages, oldest first. */
  getMessages(): TUniversalMessage[] {
    return [...this.messages]
  }

  /** A copy of the chat messages as a provider should see them (interruptions marked). */
  getMessagesForAPI(): TUniversalMessage[] {
    return [...this.apiMessages]
  }

  /**
   * The provider view without a copy: read-only, and it keeps growing with the history, so copy
   * it to keep a snapshot.
   */
  peekMessagesForAPI(): readonly TUniversalMessage[] {
    return this.apiMessages
  }

  /** How many chat messages the history holds. */
  getMessageCount(): number {
    return this.messages.length
  }

  /** Characters of the conversation as the serialized estimate counts them. */
  getSerializedCharacterCount(): number {
    return this.serializedCharacters
  }

  /** The effective context size now, by the same rule as `estimateContextTokensFromMessages`. */
  estimateContextTokens(callerFloorTokens?: number): IContextTokenEstimate {
    return combineContextEstimate(
      Math.ceil(this.serializedCharacters / CHARS_PER_TOKEN),
      this.latestUsageTokens,
      this.latestUsageIndex === this.messages.length - 1,
      callerFloorTokens
    )
  }
}
