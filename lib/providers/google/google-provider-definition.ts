import { GEMINI_MODELS } from '../../core/context/models.ts'
import type { IProviderConfig, IProviderDefinition } from '../../core/provider-definition.ts'
import { toConfigBaseURL } from '../shared/assert-provider-base-url.ts'
import { toFallbackCatalog } from '../shared/model-catalog.ts'
import { createModelListingHooks } from '../shared/live-model-catalog.ts'
import { GoogleProvider } from './google-provider.ts'

const MODELS_PAGE = 'https://ai.google.dev/gemini-api/docs/models'

const FALLBACK_CATALOG = toFallbackCatalog(GEMINI_MODELS, MODELS_PAGE, ['tools', 'vision', 'reasoning', 'streaming'])

function createGoogleProvider(config: IProviderConfig): GoogleProvider {
  return new GoogleProvider({
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    ...toConfigBaseURL(config, 'Google'),
    ...(config.maxRetries !== undefined ? { maxRetries: config.maxRetries } : {}),
    ...(config.timeout !== undefined ? { timeout: config.timeout } : {})
  })
}

/** How generic setup flows present, configure and build the Google (Gemini API) provider. */
export const googleProviderDefinition: IProviderDefinition = {
  type: 'google',
  aliases: ['gemini'],
  displayName: 'Google',
  description: 'Gemini models through the Gemini API, with your own API key.',
  defaults: { model: 'gemini-2.5-flash' },
  setupHelpLinks: [
    { kind: 'api-key', label: 'Create an API key', url: 'https://aistudio.google.com/apikey' },
    { kind: 'console', label: 'Google AI Studio', url: 'https://aistudio.google.com/' },
    { kind: 'official', label: 'Models', url: MODELS_PAGE }
  ],
  setupSteps: [
    { field: 'apiKey', title: 'Gemini API key', required: true, masked: true },
    { field: 'model', title: 'Model', defaultValue: 'gemini-2.5-flash', required: true },
    { field: 'baseURL', title: 'Base URL (optional, for a proxy)' }
  ],
  credentialRequirement: { anyOf: ['apiKey'], environmentVariable: 'GEMINI_API_KEY' },
  modelCatalog: FALLBACK_CATALOG,
  createProvider: createGoogleProvider,
  // Live from the list-models endpoint; the static table when that fails.
  ...createModelListingHooks(createGoogleProvider, FALLBACK_CATALOG)
}
