import { ConfigurationError } from '../../lib/core/errors.ts'
import { assertProviderNativeWebToolsAvailable } from '../../lib/core/provider-capabilities.ts'
import type { TProviderFactory } from '../../worker/agent-worker-options.ts'
import { OFFLINE_DEMO_MODEL, OfflineDemoProvider } from './offline-demo/offline-demo-provider.ts'
import { toAnthropicChoiceOptions, toGoogleChoiceOptions, toOpenAIChoiceOptions } from './provider-choice-options.ts'

/** How the playground's worker builds providers. */
export type TPlaygroundProviderOptions = { demoDeltaDelayMs?: number; maxRetries?: number }

/**
 * The providers the playground offers, by the kind its settings name: the offline demo, and the
 * vendor SDKs (with the choice's prompt caching and thinking in each one's own terms), which load on first use so the worker's first chunk stays small and the offline
 * demo never loads them.
 */
export function playgroundProviders(options: TPlaygroundProviderOptions = {}): Record<string, TProviderFactory> {
  const vendors = vendorProviders(options)
  // Web search is switched on through the provider-neutral hook: a provider without it refuses
  // the choice with an error that says what to use instead.
  const withWebSearch = (factory: TProviderFactory): TProviderFactory => async (choice) => {
    const provider = await factory(choice)
    if (choice.webSearch) {
      if (provider.configureNativeWebTools) provider.configureNativeWebTools({ webSearch: true })
      else assertProviderNativeWebToolsAvailable(provider, { webSearch: true })
    }
    return provider
  }
  return Object.fromEntries(Object.entries(vendors).map(([kind, factory]) => [kind, withWebSearch(factory)]))
}

function vendorProviders(options: TPlaygroundProviderOptions): Record<string, TProviderFactory> {
  // The choice's retries (the workspace settings' `provider.maxRetries`) beat the worker's own.
  const common = (choice: { apiKey?: string; baseURL?: string; maxRetries?: number }) => {
    const maxRetries = choice.maxRetries ?? options.maxRetries
    return {
      ...(choice.apiKey ? { apiKey: choice.apiKey } : {}),
      ...(choice.baseURL ? { baseURL: choice.baseURL } : {}),
      ...(maxRetries === undefined ? {} : { maxRetries })
    }
  }
  return {
    'offline-demo': (choice) => {
      // `/model gpt-4o` on the demo would otherwise be taken and the demo answer as if it were gpt-4o.
      if (choice.model && choice.model !== OFFLINE_DEMO_MODEL) {
        throw new ConfigurationError(`The offline demo has one model, ${OFFLINE_DEMO_MODEL}; to talk to ${choice.model}, choose its provider in Settings.`)
      }
      return new OfflineDemoProvider(options.demoDeltaDelayMs === undefined ? {} : { deltaDelayMs: options.demoDeltaDelayMs })
    },
    anthropic: async (choice) => {
      const { AnthropicProvider } = await import('../../lib/providers/anthropic/index.ts')
      return new AnthropicProvider({ ...common(choice), ...toAnthropicChoiceOptions(choice) })
    },
    openai: async (choice) => {
      const { OpenAIProvider } = await import('../../lib/providers/openai/index.ts')
      return new OpenAIProvider({ ...common(choice), ...toOpenAIChoiceOptions(choice) })
    },
    google: async (choice) => {
      const { GoogleProvider } = await import('../../lib/providers/google/index.ts')
      return new GoogleProvider({ ...common(choice), ...toGoogleChoiceOptions(choice) })
    },
    'openai-compatible': async (choice) => {
      if (!choice.baseURL) throw new ConfigurationError('An OpenAI-compatible provider needs a base URL, such as http://127.0.0.1:11434/v1.')
      const { OpenAIProvider } = await import('../../lib/providers/openai/index.ts')
      // Compatible servers rarely need a real key, but the SDK insists on one being set.
      return new OpenAIProvider({ ...common(choice), apiKey: choice.apiKey ?? 'not-needed', apiSurface: 'chat-completions' })
    }
  }
}
