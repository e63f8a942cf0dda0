import type { IHistoryEntry } from '../../../lib/core/history.ts'
import type { ICommandResult } from '../../../lib/session/commands/command-types.ts'
import type { TTransportErrorCode } from '../session-operations.ts'
import type { TTransportEvent, TTransportResult } from '../transport-event.ts'

/** Which input line a reply answers (1-based), and the `id` that line carried, if any. */
export type TReplyTo = { line: number; id?: string }

/** One line a headless transport writes. */
export type THeadlessOutputLine =
  /** A session event, as it happens. */
  | { type: 'event'; event: TTransportEvent }
  /** A submitted prompt finished. */
  | ({ type: 'result'; result: TTransportResult } & TReplyTo)
  /** A command ran; its `result.success` says whether it did what was asked. */
  | ({ type: 'command_result'; name: string; result: ICommandResult } & TReplyTo)
  /** The commands and skills the session offers. */
  | ({ type: 'commands'; commands: Array<{ name: string; description: string }> } & TReplyTo)
  /** The session's full history. */
  | ({ type: 'history'; entries: IHistoryEntry[] } & TReplyTo)
  /** The running prompt was aborted and the queue cleared. */
  | ({ type: 'aborted' } & TReplyTo)
  /** A line was refused, or what it asked for failed. */
  | ({ type: 'error'; code: TTransportErrorCode; message: string } & TReplyTo)
