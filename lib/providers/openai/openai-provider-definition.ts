import { OPENAI_MODELS } from '../../core/context/models.ts'
import type { IProviderConfig, IProviderDefinition } from '../../core/provider-definition.ts'
import { toConfigBaseURL } from '../shared/assert-provider-base-url.ts'
import { toFallbackCatalog } from '../shared/model-catalog.ts'
import { createModelListingHooks } from '../shared/live-model-catalog.ts'
import { OpenAIProvider } from './openai-provider.ts'

const MODELS_PAGE = 'https://platform.openai.com/docs/models'

const FALLBACK_CATALOG = toFallbackCatalog(OPENAI_MODELS, MODELS_PAGE, ['tools', 'vision', 'json_schema', 'streaming'])

function createOpenAIProvider(config: IProviderConfig): OpenAIProvider {
  return new OpenAIProvider({
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    ...toConfigBaseURL(config, 'OpenAI'),
    ...(config.maxRetries !== undefined ? { maxRetries: config.maxRetries } : {}),
    ...(config.timeout !== undefined ? { timeout: config.timeout } : {})
  })
}

/** How generic setup flows present, configure and build the OpenAI provider (or a compatible server). */
export const openaiProviderDefinition: IProviderDefinition = {
  type: 'openai',
  aliases: ['openai-compatible', 'gpt'],
  displayName: 'OpenAI',
  description: 'OpenAI models through the Responses API, or any OpenAI-compatible server through Chat Completions.',
  defaults: { model: 'gpt-4.1-mini' },
  setupHelpLinks: [
    { kind: 'api-key', label: 'Create an API key', url: 'https://platform.openai.com/api-keys' },
    { kind: 'console', label: 'OpenAI Platform', url: 'https://platform.openai.com/' },
    { kind: 'official', label: 'Models', url: MODELS_PAGE }
  ],
  setupSteps: [
    { field: 'apiKey', title: 'OpenAI API key', required: true, masked: true },
    { field: 'model', title: 'Model', defaultValue: 'gpt-4.1-mini', required: true },
    { field: 'baseURL', title: 'Base URL (for an OpenAI-compatible server)' }
  ],
  credentialRequirement: { anyOf: ['apiKey'], environmentVariable: 'OPENAI_API_KEY' },
  modelCatalog: FALLBACK_CATALOG,
  createProvider: createOpenAIProvider,
  // Live from the list-models endpoint; the static table when that fails.
  ...createModelListingHooks(createOpenAIProvider, FALLBACK_CATALOG)
}
