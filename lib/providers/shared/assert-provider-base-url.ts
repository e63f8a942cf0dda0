import { ConfigurationError } from '../../core/errors.ts'
import type { IProviderConfig } from '../../core/provider-definition.ts'

/**
 * Refuses a `baseURL` option that is empty or not an absolute http(s) URL, as the provider is
 * built: an empty one (an environment variable not set) would otherwise fail every call with
 * "Could not reach … at .". `vendor` names whose API leaving it out reaches.
 *
 * @throws ConfigurationError `AnthropicProvider options.baseURL is empty: leave it out to use Anthropic's API, …`
 */
export function assertProviderBaseURL(providerClass: string, vendor: string, baseURL: unknown): void {
  if (baseURL === undefined) return
  const problem = describeBaseURLProblem(`${providerClass} options.baseURL`, vendor, baseURL)
  if (problem) throw new ConfigurationError(problem, { details: { provider: vendor.toLowerCase(), field: 'baseURL' } })
}

/**
 * `config.baseURL` as a provider definition hands it to its provider: nothing when left out, and
 * refused when empty (dropping it would send the key to `vendor`'s own API instead of the proxy
 * meant) or not an absolute http(s) URL.
 *
 * @throws ConfigurationError `anthropic provider config.baseURL is empty: leave it out to use Anthropic's API, …`
 */
export function toConfigBaseURL(config: IProviderConfig, vendor: string): { baseURL?: string } {
  const { baseURL } = config
  if (baseURL === undefined) return {}
  const problem = describeBaseURLProblem(`${config.type} provider config.baseURL`, vendor, baseURL)
  if (problem) throw new ConfigurationError(problem, { details: { provider: config.type, field: 'baseURL' } })
  return { baseURL }
}

/**
 * Why the base URL `baseURL` from `source` (`ANTHROPIC_BASE_URL`, `--base-url`, `AnthropicProvider
 * options.baseURL`…) cannot be used, or `undefined` when it is an absolute http(s) URL: the one
 * wording of every base-URL refusal, providers' and the terminal client's alike.
 */
export function describeBaseURLProblem(source: string, vendor: string, baseURL: unknown): string | undefined {
  if (typeof baseURL === 'string' && isHttpBaseURL(baseURL)) return undefined
  if (typeof baseURL === 'string' && baseURL.trim() === '') {
    return `${source} is empty: leave it out to use ${vendor}'s API, or give the proxy's absolute http(s) URL, such as https://proxy.example.com.`
  }
  return `${source} must be an absolute http(s) URL, such as https://proxy.example.com; got ${describeNonURL(baseURL)}.`
}

// A value with no '.', ':' or '/' cannot name a host, and may be a key pasted in the wrong place,
// so only its length is told; an attempt at a URL is echoed, as seeing it helps, but never the
// user and password before its '@', where a key may sit too.
function describeNonURL(value: unknown): string {
  if (typeof value !== 'string') return typeof value
  if (/[.:/]/.test(value)) return JSON.stringify(value.replace(/^([^/]*\/\/)?[^/@]*@/, '$1…@'))
  return `${value.length} characters that are not a URL (not shown, in case it is a key)`
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
