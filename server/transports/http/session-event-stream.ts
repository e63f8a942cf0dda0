import type { TTransportEvent } from '../transport-event.ts'

const encoder = new TextEncoder()

/** Listens to the session's events; returns the unsubscribe. */
export type TEventSource = (listener: (event: TTransportEvent) => void) => () => void

/**
 * A Server-Sent Events body: one `event: <type>` / `data: <json>` message per session event, from
 * the moment it is opened. It ends when the client goes away or `close` is called.
 */
export function createSessionEventStream(subscribe: TEventSource): { body: ReadableStream<Uint8Array>; close: () => void } {
  let unsubscribe: (() => void) | undefined
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined
  const body = new ReadableStream<Uint8Array>({
    start(started) {
      controller = started
      // A comment first, so the client sees the stream open before the first event.
      started.enqueue(encoder.encode(': connected\n\n'))
      unsubscribe = subscribe((event) => started.enqueue(encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`)))
    },
    cancel() {
      unsubscribe?.()
    }
  })
  const close = () => {
    unsubscribe?.()
    try {
      controller?.close()
    } catch {
      // Already closed or cancelled by the client.
    }
  }
  return { body, close }
}
