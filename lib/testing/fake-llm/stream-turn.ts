import type { ServerResponse } from 'node:http'
import { formatSseEvent, type TFakeLlmFault, type TSseEvent } from './fake-llm-script.ts'
import { CORS_HEADERS } from './http-exchange.ts'
import { inStreamErrorEvent, type TFakeLlmWireFormat } from './wire-formats.ts'

/**
 * Writes a turn's events as an SSE response, pausing `delayMs` between events and telling
 * `onWritten` of each one written, and plays the turn's stream fault when its event index comes:
 * stall, cut mid-event, broken JSON or the API's in-stream error event.
 */
export async function streamTurn(
  response: ServerResponse,
  events: readonly TSseEvent[],
  fault: TFakeLlmFault | undefined,
  options: { delayMs: number; wireFormat: TFakeLlmWireFormat; onWritten?: (event: TSseEvent) => void }
): Promise<void> {
  response.writeHead(200, {
    ...CORS_HEADERS,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'request-id': 'req_fake',
    'x-request-id': 'req_fake'
  })
  let closed = false
  response.on('close', () => (closed = true))
  for (const [index, event] of events.entries()) {
    if (closed) return
    if (fault && fault.kind !== 'http-error' && index === fault.afterEvents) return playFault(response, event, fault, index, options.wireFormat)
    response.write(formatSseEvent(event))
    options.onWritten?.(event)
    if (options.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, options.delayMs))
  }
  response.end()
}

async function playFault(
  response: ServerResponse,
  event: TSseEvent,
  fault: Exclude<TFakeLlmFault, { kind: 'http-error' }>,
  index: number,
  wireFormat: TFakeLlmWireFormat
): Promise<void> {
  switch (fault.kind) {
    case 'stall':
      await new Promise((resolve) => response.on('close', resolve))
      return
    case 'cut-stream': {
      const text = formatSseEvent(event)
      response.write(text.slice(0, Math.floor(text.length / 2)))
      // Destroying the socket is what a dropped connection looks like to the client.
      setTimeout(() => response.destroy(), fault.closeAfterMs ?? 10)
      return
    }
    case 'error-event':
      response.end(formatSseEvent(inStreamErrorEvent(wireFormat, fault.status, fault.message ?? `Scripted error ${fault.status}.`, index)))
      return
    case 'malformed-event':
      response.end(formatSseEvent({ ...(event.event ? { event: event.event } : {}), data: '{"type": "broken", ' }))
      return
  }
}
