import type Anthropic from '@anthropic-ai/sdk'
import { AbstractAIProvider } from '../../core/abstract-ai-provider.ts'
import { ConfigurationError, NetworkError } from '../../core/errors.ts'
import {
  assertProviderNativeWebToolsAvailable,
  type IProviderCapabilities,
  type IProviderNativeWebToolRequest
} from '../../core/provider-capabilities.ts'
import type { TServerToolUseCallback } from '../../core/server-tool-use.ts'
import type { TUniversalMessage } from '../../core/messages.ts'
import type { IChatOptions, TProviderResponse } from '../../core/provider.ts'
import { AnthropicStreamAccumulator } from './anthropic-stream-accumulator.ts'
import { ANTHROPIC_OUTPUT_TOOL, buildAnthropicRequest, type TAnthropicRequestSettings } from './build-anthropic-request.ts'
import type { IModelListingProvider, TListedModel } from '../shared/listed-model.ts'
import { assertKnownProviderOptions } from '../shared/assert-known-provider-options.ts'
import { assertProviderBaseURL } from '../shared/assert-provider-base-url.ts'
import { combineServerToolListeners } from '../shared/combine-server-tool-listeners.ts'
import { createNativePayloadReporter } from '../shared/native-payload-reporter.ts'
import { toSdkClientOptions } from '../shared/sdk-client-options.ts'
import type { TProviderSdkLoader } from '../shared/load-provider-sdk.ts'
import { LazySdkClient } from '../shared/lazy-sdk-client.ts'
import { readProviderStream } from '../shared/read-provider-stream.ts'
import { toAnthropicError } from './to-anthropic-error.ts'

/** Options of the Anthropic provider. */
export type TAnthropicProviderOptions = TAnthropicRequestSettings & {
  /** Hears each server-side web search as it starts and ends, beside the call's own `onServerToolUse`. */
  onServerToolUse?: TServerToolUseCallback
  /** The caller's own key. Not needed when `client` is given. */
  apiKey?: string | undefined
  /** Another endpoint speaking the Messages API, such as a proxy or a local fake. */
  baseURL?: string | undefined
  /** How often the SDK retries 408/409/429/5xx and connection failures. SDK default: 2. */
  maxRetries?: number
  /**
   * How long the SDK waits for a response to begin, in milliseconds, before it fails the request
   * (a timed-out request is retried like a 5xx). The SDK's default when left out.
   */
  timeout?: number
  /** A ready client, used as is (its own key, base URL and retries apply); the SDK is then never imported. */
  client?: Anthropic
  /**
   * Loads `@anthropic-ai/sdk` on the first call; defaults to a dynamic `import()`. When the
   * package is not installed, the call fails with a `ProviderSdkMissingError`.
   */
  loadSdk?: TProviderSdkLoader<TAnthropicSdk>
}

/** The `@anthropic-ai/sdk` module, as `loadSdk` returns it. */
export type TAnthropicSdk = typeof import('@anthropic-ai/sdk')

const DEFAULT_BASE_URL = 'https://api.anthropic.com'
const OPTION_KEYS = [
  'apiKey', 'baseURL', 'maxRetries', 'timeout', 'client', 'loadSdk', 'promptCaching', 'thinking', 'enableWebTools', 'webSearchMaxUses', 'onServerToolUse'
] as const
const OPTION_HINTS = {
  webSearch: 'web search is `enableWebTools`',
  dangerouslyAllowBrowser: 'the provider allows the browser itself'
}
const SDK_REQUIREMENT = { packageName: '@anthropic-ai/sdk', providerClass: 'AnthropicProvider' }
// Awaited inside `try`, which tells esbuild and webpack the import may fail: they then build an
// app without the optional package and leave the failure to run time, where it says what to install.
const importSdk: TProviderSdkLoader<TAnthropicSdk> = async () => {
  try {
    return await import('@anthropic-ai/sdk')
  } catch (error) {
    throw error
  }
}

/**
 * The Anthropic Messages API over the official SDK: streams text through `onTextDelta`, maps
 * tool calls both ways with their ids verbatim, reports native payloads for replay, returns
 * partial text on abort, and turns HTTP failures into Robota errors that say what to do.
 */
export class AnthropicProvider extends AbstractAIProvider implements IModelListingProvider {
  readonly name = 'anthropic'
  readonly #client: LazySdkClient<TAnthropicSdk, Anthropic>
  private readonly baseURL: string
  readonly #apiKey: string | undefined
  private readonly settings: TAnthropicRequestSettings
  /** Sends Anthropic's server-side `web_search` tool with every call; `configureNativeWebTools` sets it too. */
  enableWebTools: boolean
  /** Hears each server-side web search as it starts and ends. */
  onServerToolUse: TServerToolUseCallback | undefined

  constructor(options: TAnthropicProviderOptions) {
    super()
    assertKnownProviderOptions('AnthropicProvider', options, OPTION_KEYS, OPTION_HINTS)
    assertProviderBaseURL('AnthropicProvider', 'Anthropic', options?.baseURL)
    if (!options?.client && !options?.apiKey) {
      throw new ConfigurationError('AnthropicProvider needs an apiKey (or a client). Create a key at https://console.anthropic.com/settings/keys.', { details: { provider: 'anthropic', missing: 'apiKey' } })
    }
    this.#apiKey = options.apiKey
    this.settings = {
      ...(options.promptCaching ? { promptCaching: true } : {}),
      ...(options.thinking ? { thinking: options.thinking } : {}),
      ...(options.webSearchMaxUses === undefined ? {} : { webSearchMaxUses: options.webSearchMaxUses })
    }
    this.enableWebTools = options.enableWebTools === true
    this.onServerToolUse = options.onServerToolUse
    this.baseURL = options.client?.baseURL ?? options.baseURL ?? DEFAULT_BASE_URL
    const settings = { apiKey: options.apiKey, baseURL: this.baseURL, maxRetries: options.maxRetries, timeout: options.timeout }
    this.#client = new LazySdkClient(options.client, options.loadSdk ?? importSdk, SDK_REQUIREMENT, (sdk) => new sdk.Anthropic(toSdkClientOptions(settings)))
  }

  /** The `apiKey` this provider was given, so a session over it hides the key wherever the model repeats it. */
  getSecrets(): readonly string[] {
    return this.#apiKey ? [this.#apiKey] : []
  }

  /**
   * Web search runs on Anthropic's servers (`web_search` tool), on when `enableWebTools` is; it has
   * no web fetch here, and no temperature (`buildAnthropicRequest` refuses one).
   */
  override getCapabilities(): IProviderCapabilities {
    return {
      functionCalling: true,
      nativeWebTools: {
        webSearch: {
          supported: true,
          enabled: this.enableWebTools,
          ...(this.enableWebTools ? {} : { reason: 'Set enableWebTools: true on AnthropicProvider (or call configureNativeWebTools({ webSearch: true })).' })
        },
        webFetch: { supported: false, enabled: false, reason: 'AnthropicProvider sends only the web_search server tool.' }
      },
      unsupportedChatSettings: { temperature: 'Anthropic cannot take a temperature here: this version of its Messages API has no temperature field.' }
    }
  }

  /** Switches Anthropic's server-side web search on; asking for web fetch is refused with a `ConfigurationError`. */
  configureNativeWebTools(request: IProviderNativeWebToolRequest): void {
    if (request.webSearch) this.enableWebTools = true
    assertProviderNativeWebToolsAvailable(this, request)
  }

  async chat(messages: readonly TUniversalMessage[], options: IChatOptions): Promise<TProviderResponse> {
    const { signal } = options
    assertProviderNativeWebToolsAvailable(this, options.nativeWebTools)
    const client = await this.#client.get()
    const report = createNativePayloadReporter(options.onProviderNativeRawPayload, 'anthropic', 'anthropic-messages')
    const params = buildAnthropicRequest(messages, options, { ...this.settings, enableWebTools: this.enableWebTools })
    report('request', params)
    const accumulator = new AnthropicStreamAccumulator(combineServerToolListeners(this.onServerToolUse, options.onServerToolUse))
    return readProviderStream({
      open: () => client.messages.create(params, signal ? { signal } : {}),
      accumulator,
      onEvent: (event) => report('stream_event', event),
      toError: (error) => toAnthropicError(error, { baseURL: this.baseURL, apiKey: this.#apiKey }),
      endedEarly: () => new NetworkError('The Anthropic stream ended before the reply was complete (no message_stop). Try again.', {
        details: { provider: 'anthropic', baseURL: this.baseURL }
      }),
      finish: () => {
        report('response', accumulator.toNativeMessage())
        const response = accumulator.toResponse(false)
        return options.output ? answerFromOutputTool(response) : response
      }
    }, options)
  }

  /** Every model the key may use, from the Models API (`GET /v1/models`, all pages). */
  async listModels(options: { signal?: AbortSignal } = {}): Promise<TListedModel[]> {
    const client = await this.#client.get()
    try {
      const models: TListedModel[] = []
      for await (const model of client.models.list({ limit: 1000 }, options.signal ? { signal: options.signal } : {})) {
        models.push({ id: model.id, displayName: model.display_name })
      }
      return models
    } catch (error) {
      throw toAnthropicError(error, { baseURL: this.baseURL, apiKey: this.#apiKey })
    }
  }
}

// The structured_output call is the final answer: its input, as JSON text, is the reply, and
// the calls beside it are dropped, since the model has given its answer.
function answerFromOutputTool(response: TProviderResponse): TProviderResponse {
  const call = response.toolCalls?.find((candidate) => candidate.name === ANTHROPIC_OUTPUT_TOOL)
  if (!call) return response
  const { toolCalls: _calls, ...rest } = response
  return { ...rest, content: JSON.stringify(call.arguments), stopReason: 'end_turn' }
}
