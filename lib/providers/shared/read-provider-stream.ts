import type { IChatOptions, TProviderResponse } from '../../core/provider.ts'
import { streamWithAbort } from '../../core/stream-with-abort.ts'

/** Builds a provider's reply from its stream, one event at a time. */
export interface IProviderStreamAccumulator<TEvent> {
  /** True once the stream said the reply is whole (Anthropic's `message_stop`, a `finish_reason`, …). */
  readonly completed: boolean
  /** Takes one event; returns the text it adds to the reply, if any. */
  add(event: TEvent): string | undefined
  /** The reply so far; `aborted` marks it as cut short by the caller. */
  toResponse(aborted: boolean): TProviderResponse
}

/** One streamed provider call, as `readProviderStream` reads it. */
export type TProviderStreamCall<TEvent> = {
  /** Sends the request and returns its stream of events. */
  open: () => Promise<AsyncIterable<TEvent>>
  accumulator: IProviderStreamAccumulator<TEvent>
  /** Hears each event before the accumulator takes it (the native payload reporter). */
  onEvent: (event: TEvent) => void
  /**
   * The error to throw for a failure that is not the caller's abort; `opened` says whether the
   * request had been answered with a stream. Without it the failure is thrown as it is.
   */
  toError?: (error: unknown, opened: boolean) => unknown
  /** The error to throw when the stream ends before the accumulator is `completed`. */
  endedEarly: () => Error
  /** The reply of a stream that ended whole (and anything to report or check first). */
  finish: () => TProviderResponse
}

/**
 * Reads one streamed call: opens it, hands each event to the accumulator and each piece of text
 * to `onTextDelta`, until the stream ends or the call's signal aborts. An aborted call returns
 * the partial reply, whatever failed after the abort; a stream that ends before the reply is
 * whole throws `endedEarly()`.
 */
export async function readProviderStream<TEvent>(call: TProviderStreamCall<TEvent>, options: Pick<IChatOptions, 'signal' | 'onTextDelta'>): Promise<TProviderResponse> {
  const { signal, onTextDelta } = options
  const { accumulator } = call
  let opened = false
  try {
    const stream = await call.open()
    opened = true
    for await (const event of streamWithAbort(stream, signal)) {
      call.onEvent(event)
      const delta = accumulator.add(event)
      if (delta) onTextDelta?.(delta)
    }
  } catch (error) {
    if (signal?.aborted) return accumulator.toResponse(true)
    throw call.toError ? call.toError(error, opened) : error
  }
  if (signal?.aborted) return accumulator.toResponse(true)
  if (!accumulator.completed) throw call.endedEarly()
  return call.finish()
}
