import { ConfigurationError } from '../lib/core/errors.ts'
import type { IAIProvider } from '../lib/core/provider.ts'
import type { TProviderChoice } from '../lib/host/agent-host.ts'

/** Builds a provider of one kind from the page's plain-data choice (its model, key and base URL). */
export type TProviderFactory = (choice: TProviderChoice) => IAIProvider | Promise<IAIProvider>

/** Provider kinds this build can construct from plain data. */
export const PROVIDER_KINDS = ['anthropic', 'openai', 'openai-compatible'] as const

/**
 * Builds a provider from plain data inside the worker: one of the app's own factories for its
 * kind, else a built-in one. Vendor SDKs load on first use, so the worker's first chunk stays
 * small and a session that never uses them never loads them.
 */
export async function createProviderFromChoice(
  choice: TProviderChoice,
  options: { maxRetries?: number; providers?: Readonly<Record<string, TProviderFactory>> } = {}
): Promise<IAIProvider> {
  const custom = options.providers?.[choice.kind]
  if (custom) return custom(choice)
  const common = {
    ...(choice.apiKey ? { apiKey: choice.apiKey } : {}),
    ...(choice.baseURL ? { baseURL: choice.baseURL } : {}),
    ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries })
  }
  switch (choice.kind) {
    case 'anthropic': {
      const { AnthropicProvider } = await import('../lib/providers/anthropic/index.ts')
      return new AnthropicProvider(common)
    }
    case 'openai': {
      const { OpenAIProvider } = await import('../lib/providers/openai/index.ts')
      return new OpenAIProvider(common)
    }
    case 'openai-compatible': {
      if (!choice.baseURL) throw new ConfigurationError('An OpenAI-compatible provider needs a base URL, such as http://127.0.0.1:11434/v1.')
      const { OpenAIProvider } = await import('../lib/providers/openai/index.ts')
      // Compatible servers rarely need a real key, but the SDK insists on one being set.
      return new OpenAIProvider({ ...common, apiKey: choice.apiKey ?? 'not-needed', apiSurface: 'chat-completions' })
    }
    default:
      throw new ConfigurationError(`Provider kind "${choice.kind}" is not available; use one of: ${[...PROVIDER_KINDS, ...Object.keys(options.providers ?? {})].join(', ')}.`, {
        details: { kind: choice.kind }
      })
  }
}
