import { ConfigurationError } from '../../core/errors.ts'

/**
 * Refuses a `baseURL` that is not an absolute http(s) URL, as the provider is built: an empty one
 * (an environment variable not set) would otherwise fail every call with "Could not reach … at .".
 *
 * @throws ConfigurationError `new <providerClass>(options): baseURL must be an absolute http(s) URL; got "".`
 */
export function assertProviderBaseURL(providerClass: string, baseURL: unknown): void {
  if (baseURL === undefined) return
  if (typeof baseURL === 'string' && isHttpBaseURL(baseURL)) return
  const got = typeof baseURL === 'string' ? JSON.stringify(baseURL) : typeof baseURL
  throw new ConfigurationError(`new ${providerClass}(options): baseURL must be an absolute http(s) URL, such as https://api.example.com; got ${got}.`)
}

/** True for an absolute http(s) URL, the only kind of base URL a provider's SDK can reach. */
export function isHttpBaseURL(url: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(url)) return false
  try {
    new URL(url)
    return true
  } catch {
    return false
  }
}
