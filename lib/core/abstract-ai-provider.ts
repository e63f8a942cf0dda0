import type { IAIProvider, IChatOptions, TProviderResponse } from './provider.ts'
import { createDefaultProviderCapabilities, type IProviderCapabilities } from './provider-capabilities.ts'
import type { TUniversalMessage } from './messages.ts'
import { streamWithAbort } from './stream-with-abort.ts'

/** Base for provider adapters: shared abort-aware stream iteration. */
export abstract class AbstractAIProvider implements IAIProvider {
  abstract readonly name: string

  abstract chat(messages: readonly TUniversalMessage[], options: IChatOptions): Promise<TProviderResponse>

  supportsTools(): boolean {
    return true
  }

  /** What the provider can do: function calling from `supportsTools()`; no provider-native web tools unless overridden. */
  getCapabilities(): IProviderCapabilities {
    return createDefaultProviderCapabilities(this.supportsTools())
  }

  /**
   * Iterates a stream until it ends or `signal` aborts. A pending `next()` is raced against the
   * abort, so a stalled stream still stops at once; the source is closed with `return()`.
   */
  protected streamWithAbort<TEvent>(source: AsyncIterable<TEvent>, signal: AbortSignal | undefined): AsyncGenerator<TEvent, void, undefined> {
    return streamWithAbort(source, signal)
  }
}
