import type { IContextWindowState } from '../../lib/core/context/estimation.ts'
import type { InteractiveSession } from '../../lib/session/interactive-session.ts'
import type { IExecutionResult, IToolState } from '../../lib/session/interactive-session-types.ts'
import type { TPermissionRequest } from '../../lib/session/permission-enforcer-types.ts'

/**
 * What a prompt produced, as a transport sends it: the execution result without the full history
 * (ask for that apart); a failed prompt's `error` crosses as a `TTransportError` instead.
 */
export type TTransportResult = Omit<IExecutionResult, 'history' | 'error'>

/** An error as it crosses a transport: its class name, its `code` when it has one, and its message. */
export type TTransportError = { name: string; code?: string; message: string }

/**
 * A session event as plain JSON, the same for every transport: the session's own events, and the
 * permission requests a transport asks its client to answer.
 */
export type TTransportEvent =
  /** A piece of streamed assistant text. */
  | { type: 'text_delta'; delta: string }
  /** A tool call began. */
  | { type: 'tool_start'; tool: IToolState }
  /** A tool call finished, failed or was denied. */
  | { type: 'tool_end'; tool: IToolState }
  /** The session started or stopped working. */
  | { type: 'thinking'; thinking: boolean }
  /** A prompt finished. */
  | { type: 'complete'; result: TTransportResult }
  /** A prompt was aborted; the partial answer is kept. */
  | { type: 'interrupted'; result: TTransportResult }
  /** A prompt, a command or the session's start failed. */
  | { type: 'error'; error: TTransportError }
  /** The context window's usage changed. */
  | { type: 'context_update'; state: IContextWindowState }
  /** A tool call waits for the client's answer, sent back with the same `id`. */
  | { type: 'permission_request'; id: string; request: TPermissionRequest }

/** Drops the history, which can be large and is served on request, and the error, an instance JSON would empty. */
export function toTransportResult(result: IExecutionResult): TTransportResult {
  const { history: _history, error: _error, ...rest } = result
  return rest
}

/** An error's name, code and message, and nothing else of it (no stack, no cause). */
export function toTransportError(error: unknown): TTransportError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) }
  const code = (error as { code?: unknown }).code
  return { name: error.name, ...(typeof code === 'string' ? { code } : {}), message: error.message }
}

/** Listens to every event of `session` as a {@link TTransportEvent}; returns the unsubscribe. */
export function subscribeToSessionEvents(session: InteractiveSession, listener: (event: TTransportEvent) => void): () => void {
  const listeners = {
    text_delta: (delta: string) => listener({ type: 'text_delta', delta }),
    tool_start: (tool: IToolState) => listener({ type: 'tool_start', tool }),
    tool_end: (tool: IToolState) => listener({ type: 'tool_end', tool }),
    thinking: (thinking: boolean) => listener({ type: 'thinking', thinking }),
    complete: (result: IExecutionResult) => listener({ type: 'complete', result: toTransportResult(result) }),
    interrupted: (result: IExecutionResult) => listener({ type: 'interrupted', result: toTransportResult(result) }),
    error: (error: Error) => listener({ type: 'error', error: toTransportError(error) }),
    context_update: (state: IContextWindowState) => listener({ type: 'context_update', state })
  }
  for (const [name, handler] of Object.entries(listeners)) session.on(name as keyof typeof listeners, handler as never)
  return () => {
    for (const [name, handler] of Object.entries(listeners)) session.off(name as keyof typeof listeners, handler as never)
  }
}
