import * as z from 'zod'
import { AuthenticationError, NetworkError, RateLimitError } from '../../core/errors.ts'
import { createDeadlineSignal } from '../http/deadline-signal.ts'
import { describeFetchFailure, isBrowserEnvironment } from '../http/describe-fetch-failure.ts'
import { decodeHtmlEntities } from './html-entities.ts'
import type { ISearchProvider, TSearchOptions, TSearchResult } from './search-provider.ts'

/** Brave's web search endpoint. */
export const BRAVE_SEARCH_URL = 'https://api.search.brave.com/res/v1/web/search'
const DEFAULT_TIMEOUT_MS = 30_000

/** Options for `new BraveSearchProvider(...)`. */
export type TBraveSearchProviderOptions = {
  /** A Brave Search API subscription token. */
  apiKey: string
  /** The `fetch` to call; defaults to the global one. */
  fetch?: typeof fetch
  /** The endpoint; defaults to Brave's, or point it at a proxy (Brave sends no CORS headers). */
  endpoint?: string
  /** Deadline of one search in milliseconds; defaults to 30 s. */
  timeoutMs?: number
}

const braveResponse = z.object({
  web: z
    .object({
      results: z.array(z.object({ title: z.string(), url: z.string(), description: z.string().optional(), age: z.string().optional() }))
    })
    .optional()
})

/**
 * Web search through the Brave Search API. A rejected key, the rate limit, a network failure and
 * an unexpected response each throw an error that says which.
 */
export class BraveSearchProvider implements ISearchProvider {
  readonly name = 'brave'

  constructor(private readonly options: TBraveSearchProviderOptions) {}

  async search(query: string, options: TSearchOptions): Promise<TSearchResult[]> {
    const url = new URL(this.options.endpoint ?? BRAVE_SEARCH_URL)
    url.searchParams.set('q', query)
    url.searchParams.set('count', String(options.count))
    const timeoutMs = this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS
    const deadline = createDeadlineSignal(timeoutMs, options.signal)
    const fetchImplementation = this.options.fetch ?? globalThis.fetch
    let response: Response
    let body: unknown
    try {
      response = await fetchImplementation(url.href, {
        signal: deadline.signal,
        headers: { accept: 'application/json', 'x-subscription-token': this.options.apiKey }
      })
      body = response.ok ? ((await response.json()) as unknown) : undefined
    } catch (error) {
      const context = { url: url.origin + url.pathname, timeoutMs, timedOut: deadline.timedOut(), aborted: options.signal?.aborted === true }
      throw new NetworkError(`Brave Search: ${describeFetchFailure(error, { ...context, inBrowser: isBrowserEnvironment() })}`, { cause: error })
    } finally {
      deadline.dispose()
    }
    if (response.status === 401 || response.status === 403) {
      throw new AuthenticationError(`Brave Search rejected the API key (HTTP ${response.status}).`)
    }
    if (response.status === 429) throw new RateLimitError('Brave Search rate limit reached (HTTP 429); try again shortly.')
    if (!response.ok) throw new NetworkError(`Brave Search answered HTTP ${response.status}.`)
    const parsed = braveResponse.safeParse(body)
    if (!parsed.success) throw new NetworkError('Brave Search sent a response in an unexpected shape.')
    return (parsed.data.web?.results ?? []).map((result) => ({
      title: stripMarkup(result.title),
      url: result.url,
      description: stripMarkup(result.description ?? ''),
      ...(result.age === undefined ? {} : { age: result.age })
    }))
  }
}

// Brave highlights query words with <strong> in titles and snippets.
function stripMarkup(text: string): string {
  return decodeHtmlEntities(text.replace(/<[^>]*>/g, ''))
}
