import type { Endpoint } from 'comlink'
import { deserializeError, serializeError, type TSerializedError } from './serialized-error.ts'

const START_FAILED = 'robota:start-failed'

type TStartFailedMessage = { type: typeof START_FAILED; error: TSerializedError }

function isStartFailure(data: unknown): data is TStartFailedMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === START_FAILED
}

/**
 * Tells the page, from inside the worker, that its agent host could not be built (a bad option,
 * say). The error crosses with its class and code. Comlink ignores the message: its `type` is none
 * of its own.
 */
export function reportStartFailure(endpoint: Endpoint, error: unknown): void {
  endpoint.postMessage({ type: START_FAILED, error: serializeError(error) } satisfies TStartFailedMessage)
}

/**
 * Calls `listener` with the worker's start failure, rebuilt as its own class and code and saying
 * that the worker could not start. Returns a function that stops listening.
 */
export function watchStartFailure(endpoint: Endpoint, listener: (error: Error) => void): () => void {
  const onMessage = (event: MessageEvent) => {
    if (!isStartFailure(event.data)) return
    const { error } = event.data
    listener(deserializeError({ ...error, message: `The agent worker could not start: ${error.message}` }))
  }
  endpoint.addEventListener('message', onMessage as EventListener)
  endpoint.start?.()
  return () => endpoint.removeEventListener('message', onMessage as EventListener)
}
