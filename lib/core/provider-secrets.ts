import { ConfigurationError } from './errors.ts'
import { describeValue } from './describe-value.ts'
import type { IAIProvider } from './provider.ts'

/**
 * What `provider.getSecrets()` names for hiding, or none when the provider has no such member or
 * it returns nothing. Throws a `ConfigurationError` naming the provider when it returns anything
 * but an array of strings, so a key is never left visible by a silent mistake; the values are
 * never put in the error.
 */
export function getProviderSecrets(provider: Pick<IAIProvider, 'name' | 'getSecrets'>): readonly string[] {
  const secrets: unknown = provider.getSecrets?.() ?? []
  if (Array.isArray(secrets) && secrets.every((secret) => typeof secret === 'string')) return secrets
  throw new ConfigurationError(`The provider "${provider.name}": getSecrets() must return an array of strings; got ${Array.isArray(secrets) ? 'one holding other values' : describeValue(secrets)}.`)
}
