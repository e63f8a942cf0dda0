import { ConfigurationError } from '../../lib/core/errors.ts'
import { describeBaseURLProblem } from '../../lib/providers/shared/assert-provider-base-url.ts'

/**
 * Refuses a base URL that is empty or not an absolute http(s) URL, naming where it came from, in
 * the providers' own wording. Leaving it out instead would send the key to `vendor`'s own API, not
 * to the proxy the user meant.
 * @throws ConfigurationError `ANTHROPIC_BASE_URL must be an absolute http(s) URL, such as …; got "localhost:8080".`
 */
export function checkBaseURL(baseURL: string, source: string, vendor: string): string {
  const problem = describeBaseURLProblem(source, vendor, baseURL)
  if (problem === undefined) return baseURL
  throw new ConfigurationError(problem, { details: { source } })
}
