import { ConfigurationError } from '../../lib/core/errors.ts'
import { isHttpBaseURL } from '../../lib/providers/shared/assert-provider-base-url.ts'

/**
 * Refuses a base URL that is not an absolute http(s) URL, naming where it came from. Leaving it
 * out instead would send the key to the vendor's own API, not to the proxy the user meant.
 * @throws ConfigurationError `ANTHROPIC_BASE_URL: the base URL must be an absolute http(s) URL…`
 */
export function checkBaseURL(baseURL: string, source: string): string {
  if (isHttpBaseURL(baseURL)) return baseURL
  throw new ConfigurationError(`${source}: the base URL must be an absolute http:// or https:// URL, such as https://proxy.example.com; got ${JSON.stringify(baseURL)}.`, {
    details: { source }
  })
}
