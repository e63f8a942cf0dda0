import { createId } from '../core/create-id.ts'
import { messageToHistoryEntry, type IHistoryEntry } from '../core/history.ts'
import type { IToolState, IToolSummary } from './interactive-session-types.ts'
import type { TSessionEvent } from './session-events.ts'
import { toToolEventEntry, ToolActivityTracker, type TToolTransition } from './tool-activity-tracker.ts'

/**
 * The message list of an interactive session, built from its events: chat entries as messages
 * commit, `tool-start` / `tool-end` entries as tools run, `tool-summary` after each prompt, and
 * entries for compactions, skills and display inputs. A clear empties it; a compaction keeps the
 * earlier entries on screen even though the model now sees only the summary.
 */
export class InteractiveHistory {
  private entries: IHistoryEntry[] = []
  private readonly tools = new ToolActivityTracker()

  constructor(
    private readonly sessionId: string,
    private readonly onToolTransition: (transition: TToolTransition) => void
  ) {}

  /** Follows one event of this session; events of other sessions (subagents) are ignored. */
  observe(event: TSessionEvent): void {
    if (event.sessionId !== this.sessionId) return
    if (event.type === 'history_mutation') this.entries.push(messageToHistoryEntry(event.data.message))
    else if (event.type === 'compaction') this.push('compaction', { ...event.data })
    else if (event.type === 'history_replaced' && event.data.reason === 'clear') this.entries = []
    else if (event.type === 'history_replaced' && event.data.reason === 'fork') this.entries.push(...event.data.messages.map(messageToHistoryEntry))
    const transition = this.tools.observe(event)
    if (!transition) return
    this.entries.push(toToolEventEntry(transition.kind === 'tool_start' ? 'tool-start' : 'tool-end', transition.state))
    this.onToolTransition(transition)
  }

  /** Adds an event entry. */
  push(type: string, data: Record<string, unknown>): void {
    this.entries.push({ id: createId(), timestamp: Date.now(), category: 'event', type, data })
  }

  /** Puts a stored session's entries before anything recorded since it opened. */
  prepend(entries: readonly IHistoryEntry[]): void {
    this.entries = [...entries, ...this.entries]
  }

  /** Starts tracking a new prompt's tool calls. */
  beginPrompt(): void {
    this.tools.reset()
  }

  /** The prompt's finished tool calls, also added as one `tool-summary` entry when there were any. */
  finishPrompt(): IToolSummary[] {
    const toolSummaries = this.tools.getSummaries()
    if (toolSummaries.length > 0) this.push('tool-summary', { toolSummaries })
    return toolSummaries
  }

  getEntries(): IHistoryEntry[] {
    return [...this.entries]
  }

  getActiveTools(): IToolState[] {
    return this.tools.getActiveTools()
  }
}
