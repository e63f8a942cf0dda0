import { isEnvReference, resolveEnvReference, type TEnvironmentRecord } from '../../core/env-reference.ts'
import { ConfigurationError } from '../../core/errors.ts'
import { formatIssuePath } from '../../storage/session-record-schema.ts'

/**
 * Replaces every `$ENV:NAME` string in a parsed settings value with the variable from `env`. The
 * environment is injected (a browser has no `process.env`), so nothing is read behind the caller's
 * back. An unset or empty variable is an error naming the file and the field, because silently
 * dropping a referenced key (an API key, a hook's header) fails later and far less clearly.
 */
export function substituteEnvReferences(value: unknown, env: TEnvironmentRecord, file: string): unknown {
  return substitute(value, env, file, [])
}

function substitute(value: unknown, env: TEnvironmentRecord, file: string, path: PropertyKey[]): unknown {
  if (isEnvReference(value)) {
    const resolved = resolveEnvReference(value, env)
    if (resolved === undefined) {
      const field = formatIssuePath(path)
      throw new ConfigurationError(`${file}: ${field}: ${value} refers to an environment variable that is not set`, {
        details: { file, path: field, reference: value }
      })
    }
    return resolved
  }
  if (Array.isArray(value)) return value.map((item, index) => substitute(item, env, file, [...path, index]))
  if (typeof value !== 'object' || value === null) return value
  const result: Record<string, unknown> = {}
  for (const [key, entry] of Object.entries(value)) result[key] = substitute(entry, env, file, [...path, key])
  return result
}
