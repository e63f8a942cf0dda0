import Anthropic from '@anthropic-ai/sdk'
import { AbstractAIProvider } from '../../core/abstract-ai-provider.ts'
import { ConfigurationError, NetworkError } from '../../core/errors.ts'
import type { TUniversalMessage } from '../../core/messages.ts'
import type {
  IChatOptions,
  IProviderResponse,
  TProviderNativeRawPayloadCallback,
  TProviderNativeRawPayloadKind
} from '../../core/provider.ts'
import { AnthropicStreamAccumulator } from './anthropic-stream-accumulator.ts'
import { buildAnthropicRequest, type TAnthropicRequestSettings } from './build-anthropic-request.ts'
import { isBrowserRuntime } from '../shared/is-browser-runtime.ts'
import { toAnthropicError } from './to-anthropic-error.ts'

/** Options of the Anthropic provider. */
export type TAnthropicProviderOptions = TAnthropicRequestSettings & {
  /** The caller's own key. Not needed when `client` is given. */
  apiKey?: string
  /** Another endpoint speaking the Messages API, such as a proxy or a local fake. */
  baseURL?: string
  /** How often the SDK retries 408/409/429/5xx and connection failures. SDK default: 2. */
  maxRetries?: number
  /** A ready client, used as is (its own key, base URL and retries apply). */
  client?: Anthropic
}

const DEFAULT_BASE_URL = 'https://api.anthropic.com'

/**
 * The Anthropic Messages API over the official SDK: streams text through `onTextDelta`, maps
 * tool calls both ways with their ids verbatim, reports native payloads for replay, returns
 * partial text on abort, and turns HTTP failures into Robota errors that say what to do.
 */
export class AnthropicProvider extends AbstractAIProvider {
  readonly name = 'anthropic'
  private readonly client: Anthropic
  private readonly apiKey: string | undefined
  private readonly settings: TAnthropicRequestSettings

  constructor(options: TAnthropicProviderOptions) {
    super()
    if (!options.client && !options.apiKey) {
      throw new ConfigurationError('AnthropicProvider needs an apiKey (or a client). Create a key at https://console.anthropic.com/settings/keys.')
    }
    this.apiKey = options.apiKey
    this.settings = { ...(options.promptCaching ? { promptCaching: true } : {}), ...(options.thinking ? { thinking: options.thinking } : {}) }
    this.client =
      options.client ??
      new Anthropic({
        apiKey: options.apiKey ?? null,
        baseURL: options.baseURL ?? DEFAULT_BASE_URL,
        ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
        ...(isBrowserRuntime() ? { dangerouslyAllowBrowser: true } : {})
      })
  }

  async chat(messages: readonly TUniversalMessage[], options: IChatOptions): Promise<IProviderResponse> {
    const { signal } = options
    const report = createReporter(options.onProviderNativeRawPayload)
    const params = buildAnthropicRequest(messages, options, this.settings)
    report('request', params)
    const accumulator = new AnthropicStreamAccumulator()
    try {
      const stream = await this.client.messages.create(params, signal ? { signal } : {})
      for await (const event of this.streamWithAbort(stream, signal)) {
        report('stream_event', event)
        const delta = accumulator.add(event)
        if (delta) options.onTextDelta?.(delta)
      }
    } catch (error) {
      if (signal?.aborted) return accumulator.toResponse(true)
      throw toAnthropicError(error, { baseURL: this.client.baseURL, apiKey: this.apiKey })
    }
    if (signal?.aborted) return accumulator.toResponse(true)
    if (!accumulator.completed) {
      throw new NetworkError('The Anthropic stream ended before the reply was complete (no message_stop). Try again.', {
        details: { provider: 'anthropic', baseURL: this.client.baseURL }
      })
    }
    report('response', accumulator.toNativeMessage())
    return accumulator.toResponse(false)
  }
}

function createReporter(callback: TProviderNativeRawPayloadCallback | undefined) {
  let sequence = 0
  return (payloadKind: TProviderNativeRawPayloadKind, payload: unknown): void => {
    callback?.({ provider: 'anthropic', apiSurface: 'anthropic-messages', payloadKind, sequence: sequence++, payload })
  }
}
