import type { TExecutionEventDataMap, TExecutionEventType } from './execution-events.ts'
import type { IToolSchema } from './provider.ts'

/** Records a replay event from inside a tool call, in the current round. */
export type TToolEventEmitter = <TType extends TExecutionEventType>(type: TType, data: TExecutionEventDataMap[TType]) => void

/** What a tool gets besides its arguments. */
export type IToolExecutionContext = {
  toolCallId: string
  signal?: AbortSignal
  /** Set by the execution loop, so wrappers (permissions, hooks) can record replay events. */
  emitEvent?: TToolEventEmitter
}

/**
 * One line of a file change as a client shows it. `lineNumber` counts from 1: in the new file for
 * `add` and `context` lines, in the old file for `remove` lines.
 */
export type IDiffLine = { type: 'add' | 'remove' | 'context'; content: string; lineNumber?: number }

/** What a tool changed in one file, for display: the file's path and the changed lines with some context. */
export type TToolDiff = { file: string; lines: IDiffLine[] }

/**
 * The `metadata.errorCode` of a call that never ran: stopped by an abort (`interrupted`), refused
 * by a plugin, a PreToolUse hook or the permission gate, or naming no registered tool. A run's
 * `toolsExecuted` leaves such calls out.
 */
export const NOT_EXECUTED_ERROR_CODES: ReadonlySet<string> = new Set(['interrupted', 'plugin_blocked', 'hook_blocked', 'permission_denied', 'unknown_tool'])

/** A tool's outcome; `data` is serialized to text for the model. */
export type IToolResult = {
  success: boolean
  data?: unknown
  error?: string
  /** Details for programs; `errorCode` says why a call failed (see `NOT_EXECUTED_ERROR_CODES`). */
  metadata?: Record<string, string | number | boolean>
  /** A file change to show the user (Edit, Write); the model never sees it. */
  diff?: TToolDiff
}

/** The tool port: a schema the model sees and a function the loop runs. */
export interface ITool {
  /** The schema advertised to the model; its `name` is how calls find the tool. */
  readonly schema: IToolSchema
  /** Runs the tool. Throwing is allowed; the loop turns it into a failed result. */
  execute(parameters: Record<string, unknown>, context: IToolExecutionContext): Promise<IToolResult>
}
