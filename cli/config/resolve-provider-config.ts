import { ConfigurationError } from '../../lib/core/errors.ts'
import type { TEnvironmentRecord } from '../../lib/core/env-reference.ts'
import { findProviderDefinition, formatSupportedProviderTypes, type IProviderConfig, type IProviderDefinition } from '../../lib/core/provider-definition.ts'
import type { TSettings } from '../../lib/session/config/settings-schema.ts'
import { checkBaseURL } from './check-base-url.ts'
import { readEnvironmentVariable } from './read-environment-variable.ts'

/** What the command line says about the provider. */
export type TProviderFlags = { provider?: string; model?: string; baseURL?: string; maxRetries?: number }

/** The provider to build: its definition and its configuration, key included. */
export type TResolvedProvider = { definition: IProviderDefinition; config: IProviderConfig & { model: string } }

// Per provider type: where else its key and base URL may come from in the environment.
const EXTRA_KEY_VARIABLES: Record<string, readonly string[]> = { google: ['GOOGLE_API_KEY'] }
const BASE_URL_VARIABLES: Record<string, string> = { anthropic: 'ANTHROPIC_BASE_URL', openai: 'OPENAI_BASE_URL', google: 'GEMINI_BASE_URL' }

/**
 * Picks the provider and its configuration. Each value comes from the first that has it: the
 * flags, the environment (`ROBOTA_PROVIDER`, `ROBOTA_MODEL`, `<PROVIDER>_BASE_URL`, the key's
 * variable), the settings (`provider.*`, then `model`), the definition's default. An empty
 * variable has no value. Without a named provider, the first whose key is set is taken.
 * @throws ConfigurationError saying what is unknown, missing or malformed and where to set it.
 */
export function resolveProviderConfig(
  definitions: readonly IProviderDefinition[],
  flags: TProviderFlags,
  env: TEnvironmentRecord,
  settings: TSettings
): TResolvedProvider {
  const named = flags.provider ?? readEnvironmentVariable(env, 'ROBOTA_PROVIDER') ?? settings.provider?.name
  const definition = named === undefined ? definitions.find((candidate) => readKey(candidate, env) !== undefined) : findProviderDefinition(definitions, named)
  if (!definition) {
    if (named !== undefined) {
      throw new ConfigurationError(`Unknown provider "${named}": expected ${formatSupportedProviderTypes(definitions)}.`, { details: { provider: named } })
    }
    const variables = definitions.map((candidate) => candidate.credentialRequirement?.environmentVariable).filter(Boolean).join(', ')
    throw new ConfigurationError(`No provider is configured: set one of ${variables}, or pass --provider with provider.apiKey in .robota/settings.json.`)
  }
  const sameProviderSettings = settings.provider?.name === undefined || findProviderDefinition(definitions, settings.provider.name) === definition
  const providerSettings = sameProviderSettings ? settings.provider : undefined
  const apiKey = readKey(definition, env) ?? providerSettings?.apiKey
  if (apiKey === undefined) {
    const variable = definition.credentialRequirement?.environmentVariable ?? 'the provider key variable'
    throw new ConfigurationError(`The ${definition.displayName ?? definition.type} provider needs an API key: set ${variable} or provider.apiKey in the settings.`, {
      details: { provider: definition.type }
    })
  }
  const baseURL = resolveBaseURL(definition, flags, env, providerSettings)
  const model = flags.model ?? readEnvironmentVariable(env, 'ROBOTA_MODEL') ?? providerSettings?.model ?? settings.model ?? definition.defaults?.model
  if (model === undefined) throw new ConfigurationError(`No model for ${definition.displayName ?? definition.type}: pass --model or set model in the settings.`)
  const maxRetries = flags.maxRetries ?? providerSettings?.maxRetries
  return {
    definition,
    config: { type: definition.type, model, apiKey, ...(baseURL !== undefined ? { baseURL } : {}), ...(maxRetries !== undefined ? { maxRetries } : {}) }
  }
}

// Checked whatever its source: one the provider left out would send the key to the vendor's API.
function resolveBaseURL(definition: IProviderDefinition, flags: TProviderFlags, env: TEnvironmentRecord, providerSettings: TSettings['provider']): string | undefined {
  const vendor = definition.displayName ?? definition.type
  if (flags.baseURL !== undefined) return checkBaseURL(flags.baseURL, '--base-url', vendor)
  const variable = BASE_URL_VARIABLES[definition.type]
  const fromEnvironment = variable ? readEnvironmentVariable(env, variable) : undefined
  if (variable && fromEnvironment !== undefined) return checkBaseURL(fromEnvironment, variable, vendor)
  return providerSettings?.baseURL === undefined ? undefined : checkBaseURL(providerSettings.baseURL, 'provider.baseURL in the settings', vendor)
}

function readKey(definition: IProviderDefinition, env: TEnvironmentRecord): string | undefined {
  const variables = [definition.credentialRequirement?.environmentVariable, ...(EXTRA_KEY_VARIABLES[definition.type] ?? [])]
  for (const variable of variables) {
    const value = variable ? readEnvironmentVariable(env, variable) : undefined
    if (value !== undefined) return value
  }
  return undefined
}
