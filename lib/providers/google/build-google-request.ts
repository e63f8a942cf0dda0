import type { FunctionCallingConfigMode, GenerateContentConfig, GenerateContentParameters, ThinkingConfig, ToolConfig } from '@google/genai'
import type { TUniversalMessage } from '../../core/messages.ts'
import type { IChatOptions, TToolChoice } from '../../core/provider.ts'
import { toGoogleContents, toGoogleFunctionDeclarations } from './to-google-contents.ts'

/** Request settings that belong to the provider instance rather than to one call. */
export type TGoogleRequestSettings = {
  /** Thinking budget or level, and whether thought summaries stream back (`includeThoughts`). */
  thinking?: ThinkingConfig
}

/**
 * Builds the `generateContentStream` parameters of one call. Robota runs the tools itself, so
 * the SDK's automatic function calling is off, and so is its automatic continuation: one call
 * is one request, which replay relies on. `toolChoice` is sent only with tools (`required` is
 * Gemini's `ANY` mode, a named tool `ANY` limited to that name).
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
  if (settings.thinking) config.thinkingConfig = settings.thinking
  return { model: options.model, contents, config }
}

function toToolConfig(choice: TToolChoice): ToolConfig {
  if (typeof choice !== 'string') return { functionCallingConfig: { mode: mode('ANY'), allowedFunctionNames: [choice.name] } }
  return { functionCallingConfig: { mode: mode(choice === 'required' ? 'ANY' : choice === 'none' ? 'NONE' : 'AUTO') } }
}

// The SDK's enum holds these same strings; naming them here keeps its runtime out of this module.
function mode(value: 'ANY' | 'AUTO' | 'NONE'): FunctionCallingConfigMode {
  return value as FunctionCallingConfigMode
}
