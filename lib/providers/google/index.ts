// The `robota/providers/google` entry: the only place the Gemini SDK is reached from, and only
// by a dynamic import on the first call.
export { googleProviderDefinition } from './google-provider-definition.ts'
export { GoogleProvider } from './google-provider.ts'
export {
  GOOGLE_SYNTHETIC_CALL_ID_PREFIX,
  GOOGLE_THOUGHT_PARTS_METADATA_KEY,
  toGoogleContents,
  toGoogleFunctionDeclarations
} from './to-google-contents.ts'
export { ProviderSdkMissingError } from '../../core/errors.ts'

export type { TGoogleProviderOptions, TGoogleSdk } from './google-provider.ts'
export type { TProviderSdkLoader } from '../shared/load-provider-sdk.ts'
export type { IModelListingProvider, TListedModel } from '../shared/listed-model.ts'
export type { TGoogleRequestOptions, TGoogleRequestSettings } from './build-google-request.ts'
export type { TGoogleConversation } from './to-google-contents.ts'
