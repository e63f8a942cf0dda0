import type { TRunError } from '../../core/run-error.ts'
import type { TPermissionMode } from '../../permissions/index.ts'
import type { TPermissionAnswer } from '../../session/permission-enforcer-types.ts'

/**
 * How a submitted turn ended. `error` says why the model's call failed (its code, class name,
 * HTTP status…), as plain data; the conversation keeps the failure notice either way.
 */
export type TTurnResult = {
  response: string
  interrupted: boolean
  toolsExecuted: string[]
  error?: TRunError
  /** The validated answer when the turn asked for `output` (missing when interrupted or failed). */
  output?: unknown
}

/**
 * Structured output for one turn, as plain data a page can send: a JSON Schema whose root is an
 * object (`type: 'object'`), the subset every provider's native JSON-schema mode takes.
 */
export type TTurnOutputRequest = { schema: Record<string, unknown> }

/** Options of one submitted turn. */
export type TSubmitOptions = {
  /** Asks for the final answer as JSON matching this schema; it comes back validated in the result's `output`. */
  output?: TTurnOutputRequest
}

/** Turns of a session: submit a prompt, abort it, answer its permission prompts, set its mode. */
export interface IHostTurns {
  /**
   * Runs one turn; resolves when it ends, with every message committed. A provider's failure,
   * one that cannot be built for the turn (no key yet) included, resolves with the result's
   * `error`; an unknown session, an empty prompt, a busy session or a failing store rejects
   * (see docs/agent-host.md, "How `submit` fails"). With `output`, a reply
   * that does not validate is answered once with what was wrong; a second one rejects with a
   * `StructuredOutputError` whose `rawText` is that reply.
   */
  submit(sessionId: string, prompt: string, options?: TSubmitOptions): Promise<TTurnResult>
  /** Aborts the session's running turn or hydration, if any; a waiting permission prompt is answered deny. */
  abort(sessionId: string): Promise<void>
  /** Answers a `permission_request` event. */
  answerPermission(sessionId: string, requestId: string, answer: TPermissionAnswer): Promise<void>
  /** Switches the session's permission mode, also while a turn runs. */
  setPermissionMode(sessionId: string, mode: TPermissionMode): Promise<void>
}
