import { createId } from '../core/create-id.ts'
import type { TEventHistoryEntry } from '../core/history.ts'
import { getPermissionArgument } from '../permissions/index.ts'
import type { IToolState, IToolSummary, TToolOutcome } from './interactive-session-types.ts'
import type { TSessionEvent } from './session-events.ts'

/** Characters of a tool call's main argument kept for display. */
export const FIRST_ARGUMENT_LIMIT = 100

// Refusals the gate returns; anything else that failed is an error of the tool itself.
const DENIED_CODES = new Set(['permission_denied', 'hook_blocked'])

/** A tool call's main argument for display: the one permissions look at, else its first text value. */
export function describeFirstArgument(toolName: string, parameters: Record<string, unknown>): string {
  const value =
    getPermissionArgument(toolName, parameters)?.value ??
    Object.values(parameters).find((candidate): candidate is string => typeof candidate === 'string') ??
    ''
  const line = value.replace(/\s+/g, ' ').trim()
  return line.length > FIRST_ARGUMENT_LIMIT ? `${line.slice(0, FIRST_ARGUMENT_LIMIT - 1)}…` : line
}

/** The history entry for a tool starting (`tool-start`) or ending (`tool-end`). */
export function toToolEventEntry(type: 'tool-start' | 'tool-end', state: IToolState, timestamp = Date.now()): TEventHistoryEntry {
  return { id: createId(), timestamp, category: 'event', type, data: { ...state } }
}

/** What one event changed: a tool started or ended. */
export type TToolTransition = { kind: 'tool_start' | 'tool_end'; state: IToolState }

/**
 * Follows the tool calls of one prompt through its replay events (`tool_execution_request`,
 * `tool_execution_result`) and keeps their state for status displays and the tool summary.
 */
export class ToolActivityTracker {
  private readonly states = new Map<string, IToolState>()

  /** Forgets the previous prompt's calls. */
  reset(): void {
    this.states.clear()
  }

  /** Updates the state from one event; returns the transition it caused, if any. */
  observe(event: TSessionEvent): TToolTransition | undefined {
    if (event.type === 'tool_execution_request') {
      const { toolName, toolCallId, parameters } = event.data
      const state: IToolState = { toolName, toolCallId, firstArg: describeFirstArgument(toolName, parameters), isRunning: true }
      this.states.set(toolCallId, state)
      return { kind: 'tool_start', state: { ...state } }
    }
    if (event.type === 'tool_execution_result') {
      const { toolName, toolCallId, success, metadata, diff } = event.data
      const started = this.states.get(toolCallId) ?? { toolName, toolCallId, firstArg: '', isRunning: true }
      const errorCode = metadata?.errorCode
      const result: TToolOutcome = success ? 'success' : typeof errorCode === 'string' && DENIED_CODES.has(errorCode) ? 'denied' : 'error'
      const state: IToolState = { ...started, isRunning: false, result, ...(diff ? { diffLines: diff.lines, diffFile: diff.file } : {}) }
      this.states.set(toolCallId, state)
      return { kind: 'tool_end', state: { ...state } }
    }
    return undefined
  }

  /** The calls of the current (or last) prompt, in the order they started. */
  getActiveTools(): IToolState[] {
    return [...this.states.values()].map((state) => ({ ...state }))
  }

  /** The finished calls of the current (or last) prompt. */
  getSummaries(): IToolSummary[] {
    const summaries: IToolSummary[] = []
    for (const { toolName, toolCallId, firstArg, result } of this.states.values()) {
      if (result !== undefined) summaries.push({ toolName, toolCallId, firstArg, result })
    }
    return summaries
  }
}
