import type { ICommandResult } from '../../lib/session/commands/command-types.ts'
import type { InteractiveSession } from '../../lib/session/interactive-session.ts'
import { toTransportError, toTransportResult, type TTransportError, type TTransportResult } from './transport-event.ts'

/** Why a transport refused or failed a client's request: the `code` of its error reply. */
export type TTransportErrorCode =
  | 'invalid_json'
  | 'invalid_request'
  | 'line_too_long'
  | 'unauthorized'
  | 'body_too_large'
  | 'not_found'
  | 'method_not_allowed'
  | 'unknown_command'
  | 'unknown_permission'
  | 'busy'
  | 'cancelled'
  | 'prompt_failed'
  | 'command_failed'
  | 'internal_error'

/** How a prompt sent through a transport ended. */
export type TSubmitOutcome =
  | { ok: true; result: TTransportResult }
  | { ok: false; code: 'busy' | 'cancelled' | 'prompt_failed' | 'invalid_request'; error: TTransportError }

/**
 * Submits a prompt and says how it ended: a failed prompt resolves with its cause as
 * `result.error`; a session that could not start rejects the prompt with that failure.
 */
export async function submitPrompt(session: InteractiveSession, prompt: string): Promise<TSubmitOutcome> {
  try {
    const result = await session.submit(prompt)
    if (result?.error) return { ok: false, code: 'prompt_failed', error: toTransportError(result.error) }
    if (result) return { ok: true, result: toTransportResult(result) }
    return { ok: false, code: 'cancelled', error: { name: 'AbortError', message: 'The prompt was taken off the queue before it ran.' } }
  } catch (error) {
    // A session that could not start rejects each prompt with that failure: the prompt failed, nothing refused it.
    if (!(await session.ready().then(() => true, () => false))) return { ok: false, code: 'prompt_failed', error: toTransportError(error) }
    // The session refuses an empty prompt and a second queued one with a ValidationError.
    const code = /already queued/.test(String((error as Error).message)) ? 'busy' : 'invalid_request'
    return { ok: false, code, error: toTransportError(error) }
  }
}

/** How a command sent through a transport ended: its result (which may say it failed), or why it did not run. */
export type TTransportCommandOutcome =
  | { ok: true; result: ICommandResult }
  | { ok: false; code: 'unknown_command' | 'command_failed'; error: TTransportError }

/** @deprecated use `TTransportCommandOutcome`; `robota`'s `TCommandOutcome` is what a host's `executeCommand` resolves with. */
export type TCommandOutcome = TTransportCommandOutcome

/** Runs a command or skill by name; an unknown name is an error that lists the known ones. */
export async function runCommand(session: InteractiveSession, name: string, args: string): Promise<TTransportCommandOutcome> {
  try {
    const result = await session.executeCommand(name, args)
    if (result) return { ok: true, result }
    const known = session.listCommands().map((command) => command.name)
    return { ok: false, code: 'unknown_command', error: { name: 'ValidationError', message: `Unknown command "${name}". Known commands: ${known.join(', ')}.` } }
  } catch (error) {
    return { ok: false, code: 'command_failed', error: toTransportError(error) }
  }
}
