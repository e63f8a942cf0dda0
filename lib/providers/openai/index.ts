// The `robota/providers/openai` entry: the only place the OpenAI SDK is reached from, and only
// by a dynamic import on the first call.
export { openaiProviderDefinition } from './openai-provider-definition.ts'
export { OpenAIProvider } from './openai-provider.ts'
export { INVALID_JSON_ARGUMENTS_KEY } from '../../core/parse-tool-arguments.ts'
export { ProviderSdkMissingError } from '../../core/errors.ts'
export { toChatCompletionsMessages, toChatCompletionsTools } from './to-chat-completions-messages.ts'
export { OPENAI_REASONING_METADATA_KEY, toResponsesInput, toResponsesTools } from './to-responses-input.ts'

export type { TOpenAIApiSurface, TOpenAIProviderOptions, TOpenAISdk } from './openai-provider.ts'
export type { TProviderSdkLoader } from '../shared/load-provider-sdk.ts'
export type { IModelListingProvider, TListedModel } from '../shared/listed-model.ts'
export type { TResponsesConversation } from './to-responses-input.ts'
export type { TOpenAIChatCompletionsRequestOptions, TOpenAIResponsesRequestOptions } from './build-openai-requests.ts'
