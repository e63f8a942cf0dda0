/** An error reduced to plain data, so events survive structured clone. */
export type TPluginEventError = { name: string; message: string; code?: string }

/** Data of each event `EventEmitterPlugin` emits, by event name. */
export type TEventEmitterEventDataMap = {
  /** A run started. */
  'execution.start': { input: string }
  /** A run finished with a result. */
  'execution.complete': { response: string; interrupted: boolean; toolsExecuted: string[] }
  /** A run failed. */
  'execution.error': { error: TPluginEventError }
  /** A tool call is about to run. */
  'tool.execute_start': { toolName: string; toolCallId: string; parameters: Record<string, unknown> }
  /** A tool call succeeded. */
  'tool.execute_success': { toolName: string; toolCallId: string; result: unknown }
  /** A tool call failed or was skipped. */
  'tool.execute_error': { toolName: string; toolCallId: string; error: string }
  /** A piece of assistant text was streamed. */
  'agent.stream_chunk': { chunk: string }
}

/** Names of the events `EventEmitterPlugin` emits. */
export type TEventEmitterEventName = keyof TEventEmitterEventDataMap

/** One emitted event of a given name: a plain, serializable object tagged by `type`. */
export type TEventEmitterEventOf<TName extends TEventEmitterEventName> = {
  type: TName
  timestamp: number
  executionId: string
  sessionId: string
  round?: number
  data: TEventEmitterEventDataMap[TName]
}

/** Any emitted event, discriminated by `type`. */
export type TEventEmitterEvent = {
  [TName in TEventEmitterEventName]: TEventEmitterEventOf<TName>
}[TEventEmitterEventName]

/** Receives events of one name. A returned promise is not awaited, but its rejection is caught. */
export type TEventEmitterListener<TName extends TEventEmitterEventName> = (
  event: TEventEmitterEventOf<TName>
) => void | Promise<void>

/** Every event name, in lifecycle order. */
export const EVENT_EMITTER_EVENT_NAMES: readonly TEventEmitterEventName[] = [
  'execution.start',
  'execution.complete',
  'execution.error',
  'tool.execute_start',
  'tool.execute_success',
  'tool.execute_error',
  'agent.stream_chunk'
]

/** Reduces anything thrown to `{ name, message, code? }`. */
export function toPluginEventError(error: unknown): TPluginEventError {
  if (typeof error !== 'object' || error === null) return { name: 'Error', message: String(error) }
  return {
    name: 'name' in error && typeof error.name === 'string' ? error.name : 'Error',
    message: 'message' in error && typeof error.message === 'string' ? error.message : String(error),
    ...('code' in error && typeof error.code === 'string' ? { code: error.code } : {})
  }
}
