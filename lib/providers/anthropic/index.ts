// The `robota/providers/anthropic` entry: the only place the Anthropic SDK is reached from, and
// only by a dynamic import on the first call.
export { anthropicProviderDefinition } from './anthropic-provider-definition.ts'
export { AnthropicProvider } from './anthropic-provider.ts'
export { anthropicMaxOutputTokens, DEFAULT_ANTHROPIC_MAX_TOKENS } from './anthropic-models.ts'
export { ANTHROPIC_THINKING_METADATA_KEY, toAnthropicMessages, toAnthropicTools } from './to-anthropic-messages.ts'
export { INVALID_JSON_ARGUMENTS_KEY } from '../../core/parse-tool-arguments.ts'
export { ProviderSdkMissingError } from '../../core/errors.ts'

export type { TAnthropicProviderOptions, TAnthropicSdk } from './anthropic-provider.ts'
export type { TProviderSdkLoader } from '../shared/load-provider-sdk.ts'
export type { IModelListingProvider, TListedModel } from '../shared/listed-model.ts'
export type { TAnthropicRequestOptions, TAnthropicRequestSettings } from './build-anthropic-request.ts'
export type { TAnthropicConversation } from './to-anthropic-messages.ts'
