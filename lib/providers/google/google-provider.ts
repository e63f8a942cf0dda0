import type { GenerateContentResponse, GoogleGenAI } from '@google/genai'
import { AbstractAIProvider } from '../../core/abstract-ai-provider.ts'
import { ConfigurationError, NetworkError, ProviderError } from '../../core/errors.ts'
import type { TUniversalMessage } from '../../core/messages.ts'
import type { IChatOptions, TProviderResponse } from '../../core/provider.ts'
import { assertKnownProviderOptions } from '../shared/assert-known-provider-options.ts'
import { assertProviderBaseURL } from '../shared/assert-provider-base-url.ts'
import type { TProviderSdkLoader } from '../shared/load-provider-sdk.ts'
import { LazySdkClient } from '../shared/lazy-sdk-client.ts'
import { readProviderStream } from '../shared/read-provider-stream.ts'
import { createNativePayloadReporter } from '../shared/native-payload-reporter.ts'
import { buildGoogleRequest, type TGoogleRequestSettings } from './build-google-request.ts'
import { GoogleStreamAccumulator } from './google-stream-accumulator.ts'
import { toGoogleError } from './to-google-error.ts'
import type { IModelListingProvider, TListedModel } from '../shared/listed-model.ts'

/** Options of the Google (Gemini API) provider. */
export type TGoogleProviderOptions = TGoogleRequestSettings & {
  /** The caller's own Gemini API key. Not needed when `client` is given. */
  apiKey?: string | undefined
  /** Another endpoint speaking the Gemini API, such as a proxy or a local fake (the SDK's `httpOptions.baseUrl`). */
  baseURL?: string | undefined
  /** How often a request is retried on 408/429/5xx. Default: 2, as the other providers' SDKs do. */
  maxRetries?: number
  /**
   * How long the SDK waits for a response to begin, in milliseconds, before it fails the request
   * (a timed-out request is retried like a 5xx). The SDK's default when left out.
   */
  timeout?: number
  /** A ready client, used as is (its own key, base URL and retries apply); the SDK is then never imported. */
  client?: GoogleGenAI
  /**
   * Loads `@google/genai` on the first call; defaults to a dynamic `import()`. When the package
   * is not installed, the call fails with a `ProviderSdkMissingError`.
   */
  loadSdk?: TProviderSdkLoader<TGoogleSdk>
}

/** The `@google/genai` module, as `loadSdk` returns it. */
export type TGoogleSdk = typeof import('@google/genai')

const DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com'
const DEFAULT_MAX_RETRIES = 2
const OPTION_KEYS = ['apiKey', 'baseURL', 'maxRetries', 'timeout', 'client', 'loadSdk', 'thinking'] as const
const OPTION_HINTS = { thinkingConfig: 'the thinking settings are `thinking`' }
const SDK_REQUIREMENT = { packageName: '@google/genai', providerClass: 'GoogleProvider' }
// Awaited inside `try`, which tells esbuild and webpack the import may fail: they then build an
// app without the optional package and leave the failure to run time, where it says what to install.
const importSdk: TProviderSdkLoader<TGoogleSdk> = async () => {
  try {
    return await import('@google/genai')
  } catch (error) {
    throw error
  }
}

/**
 * Gemini over the official `@google/genai` SDK (`generateContentStream`): streams text through
 * `onTextDelta`, maps function calls both ways (parallel calls included, ids verbatim when
 * Gemini sends them), keeps thought parts and signatures for the next turn, reports native
 * payloads for replay, returns partial text on abort, and turns HTTP failures into Robota errors.
 */
export class GoogleProvider extends AbstractAIProvider implements IModelListingProvider {
  readonly name = 'google'
  readonly #client: LazySdkClient<TGoogleSdk, GoogleGenAI>
  private readonly baseURL: string
  readonly #apiKey: string | undefined
  private readonly settings: TGoogleRequestSettings

  constructor(options: TGoogleProviderOptions) {
    super()
    assertKnownProviderOptions('GoogleProvider', options, OPTION_KEYS, OPTION_HINTS)
    assertProviderBaseURL('GoogleProvider', 'Google', options?.baseURL)
    if (!options?.client && !options?.apiKey) {
      throw new ConfigurationError(`GoogleProvider needs an apiKey (or a client). Create a key at https://aistudio.google.com/apikey.`, { details: { provider: 'google', missing: 'apiKey' } })
    }
    this.#apiKey = options.apiKey
    this.settings = options.thinking ? { thinking: options.thinking } : {}
    this.baseURL = options.baseURL ?? DEFAULT_BASE_URL
    const { apiKey, maxRetries = DEFAULT_MAX_RETRIES, timeout } = options
    this.#client = new LazySdkClient(options.client, options.loadSdk ?? importSdk, SDK_REQUIREMENT, (sdk) => new sdk.GoogleGenAI({
      apiKey: apiKey ?? '',
      httpOptions: { baseUrl: this.baseURL, retryOptions: { attempts: maxRetries + 1 }, ...(timeout === undefined ? {} : { timeout }) }
    }))
  }

  /** The `apiKey` this provider was given, so a session over it hides the key wherever the model repeats it. */
  getSecrets(): readonly string[] {
    return this.#apiKey ? [this.#apiKey] : []
  }

  async chat(messages: readonly TUniversalMessage[], options: IChatOptions): Promise<TProviderResponse> {
    const { signal } = options
    const client = await this.#client.get()
    const report = createNativePayloadReporter(options.onProviderNativeRawPayload, 'google', 'gemini-generate-content')
    const params = buildGoogleRequest(messages, options, this.settings)
    report('request', params)
    // The signal goes on a copy: the reported request stays plain data.
    const request = signal ? { ...params, config: { ...params.config, abortSignal: signal } } : params
    const accumulator = new GoogleStreamAccumulator()
    return readProviderStream({
      open: () => client.models.generateContentStream(request),
      accumulator,
      onEvent: (chunk) => report('stream_event', toNativeChunk(chunk)),
      toError: (error, opened) => toGoogleError(error, { baseURL: this.baseURL, apiKey: this.#apiKey, streamStarted: opened }),
      endedEarly: () => new NetworkError('The Gemini stream ended before the reply was complete (no finishReason). Try again.', {
        details: { provider: 'google', baseURL: this.baseURL }
      }),
      finish: () => {
        const withheld = accumulator.withheldReason()
        if (withheld) {
          throw new ProviderError(`Gemini gave no reply: ${withheld}. Rephrase the request, or check the safety settings.`, {
            details: { provider: 'google', reason: withheld }
          })
        }
        report('response', accumulator.toNativeResponse())
        return accumulator.toResponse(false)
      }
    }, options)
  }

  /** Every model that can generate content, from `GET /v1beta/models` (all pages), with its token limits. */
  async listModels(options: { signal?: AbortSignal } = {}): Promise<TListedModel[]> {
    const client = await this.#client.get()
    try {
      const pager = await client.models.list({ config: { pageSize: 1000, ...(options.signal ? { abortSignal: options.signal } : {}) } })
      const models: TListedModel[] = []
      for await (const model of pager) {
        if (!model.name || (model.supportedActions && !model.supportedActions.includes('generateContent'))) continue
        models.push({
          id: model.name.replace(/^models\//, ''),
          ...(model.displayName ? { displayName: model.displayName } : {}),
          // Robota's context window holds the prompt and the reply, as the model table counts it.
          ...(model.inputTokenLimit ? { contextWindow: model.inputTokenLimit + (model.outputTokenLimit ?? 0) } : {}),
          ...(model.outputTokenLimit ? { maxOutput: model.outputTokenLimit } : {})
        })
      }
      return models
    } catch (error) {
      throw toGoogleError(error, { baseURL: this.baseURL, apiKey: this.#apiKey, streamStarted: false })
    }
  }
}

// The SDK's chunk also holds the HTTP headers it came with; the payload is the API's JSON only.
function toNativeChunk(chunk: GenerateContentResponse): Record<string, unknown> {
  const { sdkHttpResponse: _http, ...native } = chunk
  return native
}
