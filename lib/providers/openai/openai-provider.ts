import type OpenAI from 'openai'
import type { Reasoning } from 'openai/resources/shared'
import { AbstractAIProvider } from '../../core/abstract-ai-provider.ts'
import { ConfigurationError, NetworkError } from '../../core/errors.ts'
import {
  assertProviderNativeWebToolsAvailable,
  type IProviderCapabilities,
  type IProviderNativeWebToolRequest
} from '../../core/provider-capabilities.ts'
import type { TServerToolUseCallback } from '../../core/server-tool-use.ts'
import { assertKnownProviderOptions } from '../shared/assert-known-provider-options.ts'
import { assertProviderBaseURL } from '../shared/assert-provider-base-url.ts'
import { toServerLabel } from '../shared/to-server-label.ts'
import { combineServerToolListeners } from '../shared/combine-server-tool-listeners.ts'
import { createNativePayloadReporter } from '../shared/native-payload-reporter.ts'
import type { IModelListingProvider, TListedModel } from '../shared/listed-model.ts'
import type { TUniversalMessage } from '../../core/messages.ts'
import type { IChatOptions, TProviderResponse } from '../../core/provider.ts'
import { buildChatCompletionsRequest, buildResponsesRequest } from './build-openai-requests.ts'
import { ChatCompletionsStreamAccumulator } from './chat-completions-stream-accumulator.ts'
import { toSdkClientOptions } from '../shared/sdk-client-options.ts'
import type { TProviderSdkLoader } from '../shared/load-provider-sdk.ts'
import { LazySdkClient } from '../shared/lazy-sdk-client.ts'
import { readProviderStream } from '../shared/read-provider-stream.ts'
import { ResponsesStreamAccumulator } from './responses-stream-accumulator.ts'
import { toOpenAIError } from './to-openai-error.ts'
import { isOpenAIHost } from './is-openai-host.ts'

/** Which OpenAI API a provider speaks. */
export type TOpenAIApiSurface = 'responses' | 'chat-completions'

/** Options of the OpenAI provider. */
export type TOpenAIProviderOptions = {
  /** The caller's own key. Not needed when `client` is given. */
  apiKey?: string | undefined
  /** Another endpoint: an OpenAI-compatible server (Ollama, LM Studio, vLLM, OpenRouter) or a fake. */
  baseURL?: string | undefined
  /** Defaults to `responses` on OpenAI itself and to `chat-completions` on any other `baseURL`. */
  apiSurface?: TOpenAIApiSurface
  /** How often the SDK retries 408/409/429/5xx and connection failures. SDK default: 2. */
  maxRetries?: number
  /**
   * How long the SDK waits for a response to begin, in milliseconds, before it fails the request
   * (a timed-out request is retried like a 5xx). The SDK's default when left out.
   */
  timeout?: number
  /** A ready client, used as is (its own key, base URL and retries apply); the SDK is then never imported. */
  client?: OpenAI
  /** Reasoning settings for the Responses API; encrypted reasoning is then round-tripped. */
  reasoning?: Reasoning
  /** Sends the Responses API's hosted `web_search` tool with every call (not on Chat Completions, which has none). */
  enableWebTools?: boolean
  /** Hears each hosted web search as it starts and ends, beside the call's own `onServerToolUse`. */
  onServerToolUse?: TServerToolUseCallback
  /**
   * Loads `openai` on the first call; defaults to a dynamic `import()`. When the package is not
   * installed, the call fails with a `ProviderSdkMissingError`.
   */
  loadSdk?: TProviderSdkLoader<TOpenAISdk>
}

/** The `openai` module, as `loadSdk` returns it. */
export type TOpenAISdk = typeof import('openai')

const OPENAI_BASE_URL = 'https://api.openai.com/v1'
const OPTION_KEYS = [
  'apiKey', 'baseURL', 'apiSurface', 'maxRetries', 'timeout', 'client', 'loadSdk', 'reasoning', 'enableWebTools', 'onServerToolUse'
] as const
const OPTION_HINTS = {
  webSearch: 'web search is `enableWebTools`',
  dangerouslyAllowBrowser: 'the provider allows the browser itself',
  reasoningEffort: 'the effort is `reasoning: { effort }`',
  reasoning_effort: 'the effort is `reasoning: { effort }`'
}
const SDK_REQUIREMENT = { packageName: 'openai', providerClass: 'OpenAIProvider' }
// Awaited inside `try`, which tells esbuild and webpack the import may fail: they then build an
// app without the optional package and leave the failure to run time, where it says what to install.
const importSdk: TProviderSdkLoader<TOpenAISdk> = async () => {
  try {
    return await import('openai')
  } catch (error) {
    throw error
  }
}

/**
 * OpenAI over the official SDK, through the Responses API or Chat Completions: streams text
 * through `onTextDelta`, maps tool calls both ways with their ids verbatim, reports native
 * payloads for replay, returns partial text on abort, and turns HTTP failures into Robota errors.
 */
export class OpenAIProvider extends AbstractAIProvider implements IModelListingProvider {
  readonly name = 'openai'
  /** The API this provider speaks. */
  readonly apiSurface: TOpenAIApiSurface
  readonly #client: LazySdkClient<TOpenAISdk, OpenAI>
  private readonly baseURL: string
  readonly #apiKey: string | undefined
  private readonly reasoning: Reasoning | undefined
  /** Sends the hosted `web_search` tool with every Responses call; `configureNativeWebTools` sets it too. */
  enableWebTools: boolean
  /** Hears each hosted web search as it starts and ends. */
  onServerToolUse: TServerToolUseCallback | undefined

  constructor(options: TOpenAIProviderOptions) {
    super()
    assertKnownProviderOptions('OpenAIProvider', options, OPTION_KEYS, OPTION_HINTS)
    assertProviderBaseURL('OpenAIProvider', 'OpenAI', options?.baseURL)
    if (!options?.client && !options?.apiKey) {
      throw new ConfigurationError('OpenAIProvider needs an apiKey (or a client). Create a key at https://platform.openai.com/api-keys.', { details: { provider: 'openai', missing: 'apiKey' } })
    }
    this.#apiKey = options.apiKey
    this.reasoning = options.reasoning
    this.baseURL = options.client?.baseURL ?? options.baseURL ?? OPENAI_BASE_URL
    const settings = { apiKey: options.apiKey, baseURL: this.baseURL, maxRetries: options.maxRetries, timeout: options.timeout }
    this.#client = new LazySdkClient(options.client, options.loadSdk ?? importSdk, SDK_REQUIREMENT, (sdk) => new sdk.OpenAI(toSdkClientOptions(settings)))
    if (options.apiSurface !== undefined && options.apiSurface !== 'responses' && options.apiSurface !== 'chat-completions') {
      throw new ConfigurationError(`OpenAIProvider apiSurface must be 'responses' or 'chat-completions'; got ${JSON.stringify(options.apiSurface)}.`)
    }
    this.apiSurface = options.apiSurface ?? (isOpenAIHost(this.baseURL) ? 'responses' : 'chat-completions')
    if (options.enableWebTools && this.apiSurface !== 'responses') {
      throw new ConfigurationError("OpenAIProvider cannot enable web tools on Chat Completions: hosted web search is on the Responses API only. Use apiSurface: 'responses'.", {
        details: { provider: 'openai', apiSurface: this.apiSurface, option: 'enableWebTools' }
      })
    }
    this.enableWebTools = options.enableWebTools === true
    this.onServerToolUse = options.onServerToolUse
  }

  /** The `apiKey` this provider was given, so a session over it hides the key wherever the model repeats it. */
  getSecrets(): readonly string[] {
    return this.#apiKey ? [this.#apiKey] : []
  }

  /** Web search is the Responses API's hosted `web_search` tool, on when `enableWebTools` is; Chat Completions has none, nor is there a web fetch. */
  override getCapabilities(): IProviderCapabilities {
    const onResponses = this.apiSurface === 'responses'
    const webSearch = onResponses
      ? {
          supported: true,
          enabled: this.enableWebTools,
          ...(this.enableWebTools ? {} : { reason: 'Set enableWebTools: true on OpenAIProvider (or call configureNativeWebTools({ webSearch: true })).' })
        }
      : { supported: false, enabled: false, reason: "Hosted web search is on the Responses API only: use apiSurface: 'responses'." }
    return {
      functionCalling: true,
      nativeWebTools: { webSearch, webFetch: { supported: false, enabled: false, reason: 'OpenAI has no hosted web fetch tool.' } }
    }
  }

  /** Switches hosted web search on (Responses only); what the provider cannot do is refused with a `ConfigurationError`. */
  configureNativeWebTools(request: IProviderNativeWebToolRequest): void {
    if (request.webSearch && this.apiSurface === 'responses') this.enableWebTools = true
    assertProviderNativeWebToolsAvailable(this, request)
  }

  async chat(messages: readonly TUniversalMessage[], options: IChatOptions): Promise<TProviderResponse> {
    assertProviderNativeWebToolsAvailable(this, options.nativeWebTools)
    try {
      const client = await this.#client.get()
      return this.apiSurface === 'responses'
        ? await this.chatResponses(client, messages, options)
        : await this.chatCompletions(client, messages, options)
    } catch (error) {
      throw toOpenAIError(error, { baseURL: this.baseURL, apiKey: this.#apiKey })
    }
  }

  /** Every model the key may use, from `GET /models` (compatible servers such as Ollama answer it too). */
  async listModels(options: { signal?: AbortSignal } = {}): Promise<TListedModel[]> {
    try {
      const client = await this.#client.get()
      const models: TListedModel[] = []
      for await (const model of client.models.list(options.signal ? { signal: options.signal } : {})) models.push({ id: model.id })
      return models
    } catch (error) {
      throw toOpenAIError(error, { baseURL: this.baseURL, apiKey: this.#apiKey })
    }
  }

  private chatResponses(client: OpenAI, messages: readonly TUniversalMessage[], options: IChatOptions): Promise<TProviderResponse> {
    const { signal } = options
    const report = createNativePayloadReporter(options.onProviderNativeRawPayload, 'openai', 'responses')
    const params = buildResponsesRequest(messages, options, this.reasoning, this.enableWebTools)
    report('request', params)
    const accumulator = new ResponsesStreamAccumulator(combineServerToolListeners(this.onServerToolUse, options.onServerToolUse), this.baseURL)
    return readProviderStream({
      open: () => client.responses.create(params, signal ? { signal } : {}),
      accumulator,
      onEvent: (event) => report('stream_event', event),
      endedEarly: () => this.endedEarly('response.completed'),
      finish: () => {
        report('response', accumulator.final)
        return accumulator.toResponse(false)
      }
    }, options)
  }

  private chatCompletions(client: OpenAI, messages: readonly TUniversalMessage[], options: IChatOptions): Promise<TProviderResponse> {
    const { signal } = options
    const report = createNativePayloadReporter(options.onProviderNativeRawPayload, 'openai', 'chat-completions')
    const params = buildChatCompletionsRequest(messages, options, { isOpenAI: isOpenAIHost(this.baseURL) }, this.reasoning)
    report('request', params)
    const accumulator = new ChatCompletionsStreamAccumulator()
    return readProviderStream({
      open: () => client.chat.completions.create(params, signal ? { signal } : {}),
      accumulator,
      onEvent: (chunk) => report('stream_event', chunk),
      endedEarly: () => this.endedEarly('finish_reason'),
      finish: () => {
        report('response', accumulator.toNativeCompletion())
        return accumulator.toResponse(false)
      }
    }, options)
  }

  private endedEarly(missing: string): NetworkError {
    return new NetworkError(`The stream from ${toServerLabel(this.baseURL)} ended before the reply was complete (no ${missing}). Try again.`, {
      details: { provider: 'openai', apiSurface: this.apiSurface, baseURL: this.baseURL }
    })
  }
}
