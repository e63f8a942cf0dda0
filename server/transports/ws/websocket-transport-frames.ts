import type { TSerializedError } from '../../../worker/serialized-error.ts'
import type { TPermissionAnswer, TPermissionRequest } from '../../../lib/session/permission-enforcer-types.ts'
import type { TInteractiveSessionEventName } from '../../../lib/session/interactive-session-types.ts'

// A server frame carries errors as the worker boundary does; the server entry names that shape from here.
export type { TSerializedError }

/** The WebSocket subprotocol of the `ws` transport. */
export const WEBSOCKET_TRANSPORT_PROTOCOL = 'robota-session.v1'

/** What a client sends: a `hello` with its token first, then prompts, commands, aborts and permission answers. */
export type TSessionClientFrame =
  | { type: 'hello'; token?: string }
  /** Runs a prompt (queued behind a running one); answered by `prompt_result`. */
  | { type: 'prompt'; id: number; text: string }
  /** Runs a slash command or skill by name; answered by `command_result`. */
  | { type: 'command'; id: number; name: string; args?: string }
  /** Aborts the running prompt. */
  | { type: 'abort' }
  /** Answers a `permission_request`. */
  | { type: 'permission_answer'; requestId: string; answer: TPermissionAnswer }

/** What the transport sends. */
export type TSessionServerFrame =
  | { type: 'welcome'; sessionId: string; maxFrameBytes: number }
  | { type: 'refused'; error: TSerializedError }
  /** One event of the session (`text_delta`, `tool_start`, `complete`…) with what its listeners receive. */
  | { type: 'event'; name: TInteractiveSessionEventName; data: unknown }
  /** A tool call waits for the client's approval; answer with `permission_answer`. */
  | { type: 'permission_request'; requestId: string; request: TPermissionRequest }
  /** A prompt ended (`result` is absent when it failed or was taken off the queue; see the `error` event). */
  | { type: 'prompt_result'; id: number; result: unknown }
  /** A command ran (`result` is `null` when no command or skill has that name). */
  | { type: 'command_result'; id: number; result: unknown }
  /** A frame or a request failed; `id` names the prompt or command when there is one. */
  | { type: 'error'; id: number | null; error: TSerializedError }
