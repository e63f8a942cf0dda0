import type { TListsEveryKey } from '../../core/assert-known-keys.ts'
import { ConfigurationError } from '../../core/errors.ts'

// Slips every provider's options invite: the SDKs' own spellings and the agent's model.
const COMMON_HINTS: Readonly<Record<string, string>> = {
  baseUrl: 'the base URL is `baseURL`',
  base_url: 'the base URL is `baseURL`',
  apikey: 'the key is `apiKey`',
  api_key: 'the key is `apiKey`',
  model: 'the model is chosen by the agent (`defaultModel` of `new Robota(config)`), not the provider'
}

// Options of the vendors' SDK clients that the providers do not pass on: a client built with them does.
const SDK_CLIENT_OPTIONS = ['defaultHeaders', 'defaultQuery', 'fetch', 'fetchOptions', 'httpAgent', 'organization', 'project', 'vertexai', 'httpOptions', 'location', 'apiVersion']
const SDK_CLIENT_HINT = "an option of the SDK's client: build the client with it and pass it as `client`"

/**
 * Refuses the keys of a provider's `options` outside `knownKeys`, so a misspelt `baseUrl` cannot
 * send the key to the vendor's own endpoint instead of the proxy meant, and an `apiKey` that is no
 * string, a `maxRetries` that is no whole number of 0 or more (`-1` retries a failing server
 * without end) or a `timeout` that is no positive number of milliseconds. The compiler checks `knownKeys` against the options type both ways, as `keysOf`
 * does. Options that are not an object are left to the constructor, which asks for its key.
 *
 * @param providerClass names the constructor in the message, such as `AnthropicProvider`.
 * @param hints the provider's own likely slips, beside the common ones (`baseUrl`, `apikey`, `model`).
 * @throws ConfigurationError `new <providerClass>(options): unknown option "<key>" (<hint>); it takes <known keys>.`,
 *   worded as `assertKnownKeys` words it, or `new <providerClass>(options): maxRetries must be …; got -1.`
 */
export function assertKnownProviderOptions<TOptions, const TKeys extends ReadonlyArray<keyof TOptions & string>>(
  providerClass: string,
  options: TOptions,
  knownKeys: TKeys & TListsEveryKey<TOptions, TKeys>,
  hints: Readonly<Record<string, string>> = {}
): void {
  if (typeof options !== 'object' || options === null) return
  const where = `new ${providerClass}(options)`
  // Not `assertKnownKeys` itself: the providers load lazily in the worker, and sharing that module
  // with them would move it out of the worker's first chunk into a shared one, which costs more
  // bytes than these lines.
  const unknown = Object.keys(options).filter((key) => !knownKeys.includes(key as keyof TOptions & string))
  if (unknown.length === 0) return assertProviderOptionValues(where, options)
  const allHints: Record<string, string> = { ...COMMON_HINTS, ...hints }
  for (const key of SDK_CLIENT_OPTIONS) allHints[key] ??= SDK_CLIENT_HINT
  const explained = [...new Set(unknown.filter((key) => Object.hasOwn(allHints, key)).map((key) => allHints[key]))]
  const hint = explained.length > 0 ? ` (${explained.join('; ')})` : ''
  throw new ConfigurationError(`${where}: unknown option ${unknown.map((key) => `"${key}"`).join(', ')}${hint}; it takes ${knownKeys.join(', ')}.`)
}

// What every provider's `apiKey`, `maxRetries` and `timeout` must be: a key of another type fails at
// the first call with the SDK's own words, `-1` retries a failing server without end, and the SDKs
// misread a timeout that is no positive number of milliseconds.
function assertProviderOptionValues(where: string, options: object): void {
  const { apiKey, maxRetries, timeout } = options as { apiKey?: unknown; maxRetries?: unknown; timeout?: unknown }
  // Only the key's type is named, never its value; the core's value describers stay unshared, as above.
  if (apiKey !== undefined && typeof apiKey !== 'string') throw new ConfigurationError(`${where}: apiKey must be a string; got ${apiKey === null ? 'null' : typeof apiKey}.`)
  if (maxRetries !== undefined && !(Number.isInteger(maxRetries) && (maxRetries as number) >= 0)) {
    throw new ConfigurationError(`${where}: maxRetries must be a whole number of 0 or more; got ${describeLimit(maxRetries)}.`)
  }
  if (timeout !== undefined && !(typeof timeout === 'number' && Number.isFinite(timeout) && timeout > 0)) {
    throw new ConfigurationError(`${where}: timeout must be a positive number of milliseconds; got ${describeLimit(timeout)}.`)
  }
}

function describeLimit(value: unknown): string {
  return typeof value === 'number' || typeof value === 'string' ? JSON.stringify(value) : typeof value
}
