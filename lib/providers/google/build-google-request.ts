import type { FunctionCallingConfigMode, GenerateContentConfig, GenerateContentParameters, ThinkingConfig, ToolConfig } from '@google/genai'
import type { TUniversalMessage } from '../../core/messages.ts'
import type { IChatOptions, TToolChoice } from '../../core/provider.ts'
import { pickProviderOptions, type TReservedRequestFields } from '../shared/pick-provider-options.ts'
import { toGoogleContents, toGoogleFunctionDeclarations } from './to-google-contents.ts'

/** Request settings that belong to the provider instance rather than to one call. */
export type TGoogleRequestSettings = {
  /** Thinking budget or level, and whether thought summaries stream back (`includeThoughts`). */
  thinking?: ThinkingConfig
}

/** `GenerateContentConfig` fields Robota sets itself, which `providerOptions.google` may not hold. */
export const GOOGLE_RESERVED_FIELDS = {
  model: "from the agent's defaultModel",
  contents: 'from the conversation',
  systemInstruction: "from the agent's systemMessage",
  tools: "from the agent's tools",
  toolConfig: 'use the toolChoice option',
  automaticFunctionCalling: 'Robota runs the tools itself',
  automaticContinuation: 'one call is one request',
  abortSignal: 'from the run\'s signal',
  httpOptions: "use GoogleProvider's baseURL and maxRetries options",
  maxOutputTokens: 'use the maxTokens option',
  temperature: 'use the temperature option',
  stopSequences: 'use the stopSequences option',
  thinkingConfig: "use GoogleProvider's thinking option",
  responseMimeType: "use run()'s output option for a JSON-schema reply",
  responseSchema: "use run()'s output option for a JSON-schema reply",
  responseJsonSchema: "use run()'s output option for a JSON-schema reply"
} as const satisfies TReservedRequestFields

/**
 * Fields of the call's `GenerateContentConfig` that `providerOptions.google` may carry (`topK`,
 * `seed`, `safetySettings`…), as the SDK types them; write them with `satisfies`.
 */
export type TGoogleRequestOptions = Partial<Omit<GenerateContentConfig, keyof typeof GOOGLE_RESERVED_FIELDS>>

/**
 * Builds the `generateContentStream` parameters of one call. Robota runs the tools itself, so
 * the SDK's automatic function calling is off, and so is its automatic continuation: one call
 * is one request, which replay relies on. `toolChoice` is sent only with tools (`required` is
 * Gemini's `ANY` mode, a named tool `ANY` limited to that name). `stopSequences` keeps its name;
 * An `output` schema is `responseMimeType: 'application/json'` with `responseJsonSchema` (the
 * JSON Schema form, not the OpenAPI `responseSchema` subset). `providerOptions.google` is merged
 * last into the call's config.
 */
export function buildGoogleRequest(
  messages: readonly TUniversalMessage[],
  options: IChatOptions,
  settings: TGoogleRequestSettings = {}
): GenerateContentParameters {
  const { systemInstruction, contents } = toGoogleContents(messages)
  const declarations = toGoogleFunctionDeclarations(options.tools ?? [])
  const config: GenerateContentConfig = {
    automaticFunctionCalling: { disable: true },
    automaticContinuation: false
  }
  if (systemInstruction !== undefined) config.systemInstruction = systemInstruction
  if (declarations.length > 0) config.tools = [{ functionDeclarations: declarations }]
  if (declarations.length > 0 && options.toolChoice !== undefined) config.toolConfig = toToolConfig(options.toolChoice)
  if (options.maxTokens !== undefined) config.maxOutputTokens = options.maxTokens
  if (options.temperature !== undefined) config.temperature = options.temperature
  if (options.stopSequences?.length) config.stopSequences = options.stopSequences
  if (settings.thinking) config.thinkingConfig = settings.thinking
  if (options.output) {
    config.responseMimeType = 'application/json'
    config.responseJsonSchema = options.output.schema
  }
  const extra = pickProviderOptions(options.providerOptions, { name: 'google', label: 'GoogleProvider' }, GOOGLE_RESERVED_FIELDS)
  return { model: options.model, contents, config: { ...config, ...extra } }
}

function toToolConfig(choice: TToolChoice): ToolConfig {
  if (typeof choice !== 'string') return { functionCallingConfig: { mode: mode('ANY'), allowedFunctionNames: [choice.name] } }
  return { functionCallingConfig: { mode: mode(choice === 'required' ? 'ANY' : choice === 'none' ? 'NONE' : 'AUTO') } }
}

// The SDK's enum holds these same strings; naming them here keeps its runtime out of this module.
function mode(value: 'ANY' | 'AUTO' | 'NONE'): FunctionCallingConfigMode {
  return value as FunctionCallingConfigMode
}
