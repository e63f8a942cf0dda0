/** The prefix of an environment reference: `$ENV:MY_API_KEY` names the variable `MY_API_KEY`. */
export const ENV_REFERENCE_PREFIX = '$ENV:'

/** Environment variables by name, as `process.env` holds them; injected so browsers can supply their own. */
export type TEnvironmentRecord = Readonly<Record<string, string | undefined>>

// Read structurally: `process` exists in Node and not in a browser, and core must run in both.
type TProcessHost = { process?: { env?: TEnvironmentRecord } }

const EMPTY_ENVIRONMENT: TEnvironmentRecord = Object.freeze({})

/** Node's `process.env` when there is one, else an empty record. Read at call time, never cached. */
function hostEnvironment(): TEnvironmentRecord {
  const host: TProcessHost = globalThis
  return host.process?.env ?? EMPTY_ENVIRONMENT
}

/** True when `value` is a string starting with `$ENV:`. */
export function isEnvReference(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(ENV_REFERENCE_PREFIX)
}

/** The reference string for a variable: `formatEnvReference('MY_API_KEY')` is `$ENV:MY_API_KEY`. */
export function formatEnvReference(name: string): string {
  return `${ENV_REFERENCE_PREFIX}${name}`
}

/**
 * Resolves a `$ENV:<name>` reference against `env` (by default `process.env` in Node, nothing in a
 * browser). A value that is not a reference is returned as it is. A reference with no name, or to
 * a variable that is unset or empty, resolves to `undefined`.
 */
export function resolveEnvReference(value: string, env: TEnvironmentRecord = hostEnvironment()): string | undefined {
  if (!isEnvReference(value)) return value
  const name = value.slice(ENV_REFERENCE_PREFIX.length).trim()
  if (name.length === 0) return undefined
  const resolved = env[name]
  return resolved === undefined || resolved.length === 0 ? undefined : resolved
}

/**
 * True when `value` is a non-empty secret or a reference that resolves to a non-empty value, so a
 * setup flow can tell a usable key from a missing one without revealing it.
 */
export function hasUsableSecretReference(
  value: string | undefined,
  env: TEnvironmentRecord = hostEnvironment()
): boolean {
  if (value === undefined || value.length === 0) return false
  return resolveEnvReference(value, env) !== undefined
}
