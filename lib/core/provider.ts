import type { TAssistantMessage, TUniversalMessage } from './messages.ts'
import type { IProviderCapabilities, IProviderNativeWebToolRequest } from './provider-capabilities.ts'
import type { TServerToolUseCallback } from './server-tool-use.ts'

/** Receives one streamed piece of assistant text. */
export type TTextDeltaCallback = (delta: string) => void

/** Phase of a provider-native payload reported for replay. */
export type TProviderNativeRawPayloadKind = 'request' | 'response' | 'stream_event'

/** A provider's own request, response or stream event, reported without core knowing its type. */
export type IProviderNativeRawPayloadEvent = {
  provider: string
  apiSurface?: string
  payloadKind: TProviderNativeRawPayloadKind
  /** Order within one provider call; when left out, core numbers the payload after the last one. */
  sequence?: number
  payload: unknown
  metadata?: Record<string, string | number | boolean>
}

/** Receives provider-native payloads during one call. */
export type TProviderNativeRawPayloadCallback = (event: IProviderNativeRawPayloadEvent) => void

/** JSON Schema of a tool's parameters, as providers advertise it to the model. */
export type IToolSchema = {
  name: string
  description: string
  parameters: {
    type: 'object'
    properties: Record<string, unknown>
    required?: string[]
    additionalProperties?: boolean
  }
}

/**
 * Whether the model may, must or must not call a tool: `auto` (it decides), `none`, `required`
 * (some tool), or `{ name }` (that tool). Providers map it to their API's own spelling.
 */
export type TToolChoice = 'auto' | 'none' | 'required' | { name: string }

/** Fields merged into one provider's native request, spelled as that API spells them. */
export type TProviderRequestOptions = Record<string, unknown>

/**
 * Per-provider request fields, keyed by the provider's `name`: each provider reads only its own
 * entry and merges it into its native request, refusing a field Robota sets itself.
 */
export type TProviderOptions = { readonly [providerName: string]: TProviderRequestOptions | undefined }

/**
 * A final answer asked for as JSON matching `schema` (JSON Schema), through the API's own
 * JSON-schema mode; the reply's text is that JSON.
 */
export type TOutputFormat = { name: string; schema: Record<string, unknown> }

/** Options of one provider call; everything is scoped to this call. */
export type IChatOptions = {
  model: string
  tools?: IToolSchema[]
  signal?: AbortSignal
  onTextDelta?: TTextDeltaCallback
  onProviderNativeRawPayload?: TProviderNativeRawPayloadCallback
  /** Most tokens the reply may have. */
  maxTokens?: number
  /** Sampling temperature; a provider whose API has none refuses it with a `ValidationError`. */
  temperature?: number
  /** Applies only when `tools` are sent; a call without tools sends no tool choice. */
  toolChoice?: TToolChoice
  /** Text that ends the reply; a provider whose API has no stop parameter refuses it with a `ConfigurationError`. */
  stopSequences?: string[]
  /** Request fields per provider; each provider merges only the entry under its own `name`. */
  providerOptions?: TProviderOptions
  /** Asks for the reply as JSON matching this schema, in the API's native structured-output mode. */
  output?: TOutputFormat
  /**
   * Provider-native (hosted) web tools this call needs. A provider refuses the call with a
   * `ConfigurationError` before sending anything when one is unsupported or not enabled.
   */
  nativeWebTools?: IProviderNativeWebToolRequest
  /** Receives each tool the provider runs on its own servers (a hosted web search) as it starts and ends. */
  onServerToolUse?: TServerToolUseCallback
}

/**
 * Why a provider call ended. `stop_sequence` when the provider says one of `stopSequences` ended
 * it; an API that does not tell a stop sequence from a natural end reports `end_turn`.
 */
export type TStopReason = 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence' | 'aborted'

/** What a provider call returns: one assistant message, possibly partial when aborted. */
export type TProviderResponse = TAssistantMessage & { stopReason?: TStopReason }

/** The provider port: one chat call that streams text through `onTextDelta`. */
export interface IAIProvider {
  /** Stable identifier, such as `anthropic`, `openai` or `scripted`. */
  readonly name: string
  /** Sends the conversation and returns the assistant's reply. On abort it returns what it has. */
  chat(messages: readonly TUniversalMessage[], options: IChatOptions): Promise<TProviderResponse>
  /** Whether the provider can call tools. */
  supportsTools(): boolean
  /** What the provider can do; read it through `getProviderCapabilities(provider)`, which supplies defaults. */
  getCapabilities?(): IProviderCapabilities
  /**
   * Switches provider-owned native web tools on for this instance, for session assembly that
   * must not know the provider's class. Throws a `ConfigurationError` for one it does not have.
   */
  configureNativeWebTools?(request: IProviderNativeWebToolRequest): void
  /**
   * The values this provider holds that nobody may be shown, such as its API key. A session over
   * the provider replaces each with `[REDACTED]` wherever it appears, even when the model repeats
   * it: streamed text, results, messages, replay events, stored records and exports. The values
   * are never put in an event themselves. Values shorter than 8 characters are not searched for,
   * since they would cut ordinary words. Leave it out when the provider holds none; read it
   * through `getProviderSecrets(provider)`, which checks what it returns.
   */
  getSecrets?(): readonly string[]
}

/** @deprecated use `TProviderResponse`; the `I` prefix marks interfaces and the specs' names. */
export type IProviderResponse = TProviderResponse
