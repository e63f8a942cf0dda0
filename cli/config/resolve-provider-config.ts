import { ConfigurationError } from '../../lib/core/errors.ts'
import type { TEnvironmentRecord } from '../../lib/core/env-reference.ts'
import { findProviderDefinition, formatSupportedProviderTypes, type IProviderConfig, type IProviderDefinition } from '../../lib/core/provider-definition.ts'
import type { TSettings } from '../../lib/session/config/settings-schema.ts'

/** What the command line says about the provider. */
export type TProviderFlags = { provider?: string; model?: string; baseURL?: string }

/** The provider to build: its definition and its configuration, key included. */
export type TResolvedProvider = { definition: IProviderDefinition; config: IProviderConfig & { model: string } }

// Per provider type: where else its key and base URL may come from in the environment.
const EXTRA_KEY_VARIABLES: Record<string, readonly string[]> = { google: ['GOOGLE_API_KEY'] }
const BASE_URL_VARIABLES: Record<string, string> = { anthropic: 'ANTHROPIC_BASE_URL', openai: 'OPENAI_BASE_URL', google: 'GEMINI_BASE_URL' }

/**
 * Picks the provider and its configuration. Each value comes from the first that has it: the
 * flags, the environment (`ROBOTA_PROVIDER`, `ROBOTA_MODEL`, `<PROVIDER>_BASE_URL`, the key's
 * variable), the settings (`provider.*`, then `model`), the definition's default. Without a named
 * provider, the first whose key is set in the environment is taken.
 * @throws ConfigurationError saying what is unknown or missing and where to set it.
 */
export function resolveProviderConfig(
  definitions: readonly IProviderDefinition[],
  flags: TProviderFlags,
  env: TEnvironmentRecord,
  settings: TSettings
): TResolvedProvider {
  const named = flags.provider ?? env.ROBOTA_PROVIDER ?? settings.provider?.name
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
  const baseURLVariable = BASE_URL_VARIABLES[definition.type]
  const baseURL = flags.baseURL ?? (baseURLVariable ? env[baseURLVariable] : undefined) ?? providerSettings?.baseURL
  const model = flags.model ?? env.ROBOTA_MODEL ?? providerSettings?.model ?? settings.model ?? definition.defaults?.model
  if (model === undefined) throw new ConfigurationError(`No model for ${definition.displayName ?? definition.type}: pass --model or set model in the settings.`)
  return { definition, config: { type: definition.type, model, apiKey, ...(baseURL ? { baseURL } : {}) } }
}

function readKey(definition: IProviderDefinition, env: TEnvironmentRecord): string | undefined {
  const variables = [definition.credentialRequirement?.environmentVariable, ...(EXTRA_KEY_VARIABLES[definition.type] ?? [])]
  for (const variable of variables) {
    const value = variable ? env[variable] : undefined
    if (value) return value
  }
  return undefined
}
