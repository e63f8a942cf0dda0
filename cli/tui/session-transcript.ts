import type { IContextWindowState } from '../../lib/core/context/estimation.ts'
import { isChatEntry, type IHistoryEntry } from '../../lib/core/history.ts'
import type { InteractiveSession } from '../../lib/session/interactive-session.ts'
import type { IToolState } from '../../lib/session/interactive-session-types.ts'

/** One entry of the transcript on screen. */
export type TTranscriptItem =
  | { id: number; kind: 'user'; text: string }
  | { id: number; kind: 'assistant'; text: string }
  | { id: number; kind: 'tool'; tool: IToolState }
  | { id: number; kind: 'notice'; text: string; tone: 'info' | 'warning' | 'error' }

/** What the screen shows of the session at one moment. */
export type TTranscriptView = {
  /** Finished entries: printed once, above the live area. */
  committed: readonly TTranscriptItem[]
  /** Entries of the running turn, redrawn as they change. */
  turn: readonly TTranscriptItem[]
  /** Assistant text streaming in now. */
  streamingText: string
  running: boolean
  context: IContextWindowState
}

type TNewItem = TTranscriptItem extends infer TItem ? (TItem extends TTranscriptItem ? Omit<TItem, 'id'> : never) : never

/**
 * Turns the session's events into the transcript: streamed text, tool cards updated in place,
 * the turn's end and its errors. A snapshot per change, for `useSyncExternalStore`.
 */
export class SessionTranscript {
  private view: TTranscriptView
  private nextId = 0
  private readonly listeners = new Set<() => void>()

  constructor(private readonly session: InteractiveSession) {
    this.view = { committed: [], turn: [], streamingText: '', running: false, context: session.getContextState() }
    session.on('text_delta', (delta) => this.update({ streamingText: this.view.streamingText + delta }))
    session.on('tool_start', (tool) => this.startTool(tool))
    session.on('tool_end', (tool) => this.endTool(tool))
    session.on('thinking', (thinking) => (thinking ? this.update({ running: true }) : this.endTurn()))
    session.on('complete', () => this.flushText())
    session.on('interrupted', () => {
      this.flushText()
      this.add({ kind: 'notice', text: 'Interrupted.', tone: 'warning' })
    })
    session.on('error', (error) => this.add({ kind: 'notice', text: error.message, tone: 'error' }))
    session.on('context_update', (context) => this.update({ context }))
  }

  /** The current view; the same object until something changes. */
  getView = (): TTranscriptView => this.view

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Adds an entry: to the running turn while one runs, otherwise straight to the finished ones. */
  add(item: TNewItem): void {
    const entry = { ...item, id: this.nextId++ } as TTranscriptItem
    if (this.view.running) this.update({ turn: [...this.view.turn, entry] })
    else this.update({ committed: [...this.view.committed, entry] })
  }

  /** Shows a resumed session's earlier prompts and answers. */
  showEarlierConversation(entries: readonly IHistoryEntry[]): void {
    for (const entry of entries) {
      if (!isChatEntry(entry)) continue
      const message = entry.data
      if (message.role === 'user') this.add({ kind: 'user', text: message.content })
      else if (message.role === 'assistant' && message.content.trim() !== '') this.add({ kind: 'assistant', text: message.content })
    }
  }

  /** Forgets what is on screen (after `/clear`); printed lines stay in the terminal's scrollback. */
  clear(): void {
    this.update({ turn: [], streamingText: '' })
  }

  private startTool(tool: IToolState): void {
    this.flushText()
    this.add({ kind: 'tool', tool })
  }

  private endTool(tool: IToolState): void {
    const turn = this.view.turn.map((item) => (item.kind === 'tool' && item.tool.toolCallId === tool.toolCallId ? { ...item, tool } : item))
    this.update({ turn })
  }

  private flushText(): void {
    const text = this.view.streamingText
    if (text.trim() === '') return this.update({ streamingText: '' })
    const entry: TTranscriptItem = { id: this.nextId++, kind: 'assistant', text }
    this.update({ streamingText: '', turn: [...this.view.turn, entry] })
  }

  private endTurn(): void {
    this.flushText()
    this.update({ committed: [...this.view.committed, ...this.view.turn], turn: [], running: false })
  }

  private update(change: Partial<TTranscriptView>): void {
    this.view = { ...this.view, ...change }
    for (const listener of this.listeners) listener()
  }
}
