import { CLAUDE_MODELS } from '../../core/context/models.ts'
import type { IProviderConfig, IProviderDefinition } from '../../core/provider-definition.ts'
import { toConfigBaseURL } from '../shared/assert-provider-base-url.ts'
import { toFallbackCatalog } from '../shared/model-catalog.ts'
import { createModelListingHooks } from '../shared/live-model-catalog.ts'
import { AnthropicProvider } from './anthropic-provider.ts'

const MODELS_PAGE = 'https://docs.anthropic.com/en/docs/about-claude/models/overview'

const FALLBACK_CATALOG = toFallbackCatalog(CLAUDE_MODELS, MODELS_PAGE, ['tools', 'vision', 'reasoning', 'streaming'])

function createAnthropicProvider(config: IProviderConfig): AnthropicProvider {
  return new AnthropicProvider({
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    ...toConfigBaseURL(config, 'Anthropic'),
    ...(config.maxRetries !== undefined ? { maxRetries: config.maxRetries } : {}),
    ...(config.timeout !== undefined ? { timeout: config.timeout } : {})
  })
}

/** How generic setup flows present, configure and build the Anthropic provider. */
export const anthropicProviderDefinition: IProviderDefinition = {
  type: 'anthropic',
  aliases: ['claude'],
  displayName: 'Anthropic',
  description: 'Claude models through the Messages API, with your own API key.',
  defaults: { model: 'claude-sonnet-4-6' },
  setupHelpLinks: [
    { kind: 'api-key', label: 'Create an API key', url: 'https://console.anthropic.com/settings/keys' },
    { kind: 'console', label: 'Anthropic Console', url: 'https://console.anthropic.com/' },
    { kind: 'official', label: 'Models overview', url: MODELS_PAGE }
  ],
  setupSteps: [
    { field: 'apiKey', title: 'Anthropic API key', required: true, masked: true },
    { field: 'model', title: 'Model', defaultValue: 'claude-sonnet-4-6', required: true },
    { field: 'baseURL', title: 'Base URL (optional, for a proxy)' }
  ],
  credentialRequirement: { anyOf: ['apiKey'], environmentVariable: 'ANTHROPIC_API_KEY' },
  modelCatalog: FALLBACK_CATALOG,
  createProvider: createAnthropicProvider,
  // Live from the list-models endpoint; the static table when that fails.
  ...createModelListingHooks(createAnthropicProvider, FALLBACK_CATALOG)
}
