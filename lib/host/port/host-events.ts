import type { TExecutionEventEnvelope } from '../../core/execution-events.ts'
import type { TCompactionOutcome, TCompactionTrigger } from '../../session/compaction/compaction-types.ts'
import type { TPermissionAnswer, TPermissionRequest } from '../../session/permission-enforcer-types.ts'
import type { TCommandOutcome } from './host-commands.ts'
import type { TSessionContextState } from './host-sessions.ts'
import type { TSandboxSwitch } from './host-workspace-files.ts'
import type { TTurnResult } from './host-turns.ts'

/** Host-level events, delivered in order and in batches. */
export type THostEvent =
  /** A replay event of a running turn, exactly as it is persisted. */
  | { kind: 'replay'; event: TExecutionEventEnvelope }
  /** A turn started for `sessionId`. */
  | { kind: 'turn_started'; sessionId: string; prompt: string }
  /** A turn ended; its messages are committed to the store. */
  | { kind: 'turn_finished'; sessionId: string; result: TTurnResult }
  /** A turn failed outside the loop (storage, say); `code` is the error's code. */
  | { kind: 'turn_failed'; sessionId: string; message: string; code: string }
  /** A tool call waits for the user's approval; answer with `answerPermission`. */
  | { kind: 'permission_request'; sessionId: string; requestId: string; request: TPermissionRequest }
  /** The session's sandbox is being prepared (loading the shell, restoring files); `done` when ready. */
  | { kind: 'sandbox_status'; sessionId: string; status: 'loading' | 'ready' | 'failed'; message?: string }
  /** A permission prompt was answered (by a user, or deny on abort). */
  | { kind: 'permission_settled'; sessionId: string; requestId: string; answer: TPermissionAnswer }
  /**
   * A turn stopped without finishing because whatever ran it went away: its worker died
   * (`worker_restarted`) or the tab driving it closed (`driver_lost`). Committed messages are
   * kept; unanswered tool calls got interrupted results, so the stored history stays valid.
   */
  | { kind: 'turn_interrupted'; sessionId: string; reason: 'worker_restarted' | 'driver_lost' }
  /** This host's access to an open session changed: another tab drives it, or this one took over. */
  | { kind: 'session_access'; sessionId: string; readOnly: boolean }
  /** The conversation is being summarized (`/compact`, or automatically before a turn when the window is nearly full). */
  | { kind: 'compaction_started'; sessionId: string; trigger: TCompactionTrigger }
  /** A compaction ended: the history was replaced by a summary, or left as it was and why. */
  | { kind: 'compaction_finished'; sessionId: string; outcome: TCompactionOutcome }
  /** A compaction failed (the model's summary call failed, say); the history is unchanged. */
  | { kind: 'compaction_failed'; sessionId: string; trigger: TCompactionTrigger; message: string }
  /** A slash command ran (`executeCommand`). */
  | { kind: 'command_finished'; sessionId: string; outcome: TCommandOutcome }
  /** The session's sandbox was switched (`setSandbox`). */
  | { kind: 'sandbox_switched'; sessionId: string; result: TSandboxSwitch }
  /** The session's context window changed: assembled, a round committed, a compaction, a clear, another model or prompt. */
  | { kind: 'context_update'; sessionId: string; context: TSessionContextState }
  /** The session was assembled without something it was configured with (an MCP server that failed), each reason naming it. */
  | { kind: 'session_warnings'; sessionId: string; warnings: string[] }

/** Receives host events, several at a time, in order. */
export type THostEventListener = (events: THostEvent[]) => void | Promise<void>

/** Host events, delivered in batches and in order to every subscriber. */
export interface IHostEvents {
  /** Starts delivering events to `listener`; returns an id for `unsubscribe`. */
  subscribe(listener: THostEventListener): Promise<number>
  /** Stops a subscription. */
  unsubscribe(subscriptionId: number): Promise<void>
}
