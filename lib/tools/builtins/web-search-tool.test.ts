import { describe, expect, it } from 'vitest'
import { BraveSearchProvider, BRAVE_SEARCH_URL } from './brave-search-provider.ts'
import type { ISearchProvider, TSearchResult } from './search-provider.ts'
import { callTool } from './tool-sandbox.fixtures.ts'
import { createWebSearchTool } from './web-search-tool.ts'

const results: TSearchResult[] = [
  { title: 'Robota docs', url: 'https://docs.robota.dev/start', description: 'Getting started', age: '2 days ago' },
  { title: 'Robota on GitHub', url: 'https://github.com/robota/robota', description: '' },
  { title: 'Spam', url: 'https://spam.example/robota', description: 'Buy now' }
]

class ListSearchProvider implements ISearchProvider {
  readonly name = 'list'
  readonly queries: Array<{ query: string; count: number }> = []
  async search(query: string, options: { count: number }): Promise<TSearchResult[]> {
    this.queries.push({ query, count: options.count })
    return results
  }
}

describe('WebSearch', () => {
  it('returns a numbered list from any search provider', async () => {
    const provider = new ListSearchProvider()
    const { result, data } = await callTool(createWebSearchTool({ provider }), { query: 'robota sdk', count: 2 })
    expect(result.success).toBe(true)
    expect(data.output).toBe(
      ['1. Robota docs', '   https://docs.robota.dev/start', '   Getting started', '   (2 days ago)', '', '2. Robota on GitHub', '   https://github.com/robota/robota'].join('\n')
    )
    expect(provider.queries).toEqual([{ query: 'robota sdk', count: 2 }])
  })

  it('keeps allowed domains (with subdomains) and drops blocked ones', async () => {
    const tool = createWebSearchTool({ provider: new ListSearchProvider() })
    expect((await callTool(tool, { query: 'robota', allowedDomains: ['robota.dev'] })).data.output).toMatch(/^1\. Robota docs\n[^]*$/)
    expect((await callTool(tool, { query: 'robota', allowedDomains: ['robota.dev'] })).data.output).not.toContain('GitHub')
    expect((await callTool(tool, { query: 'robota', blockedDomains: ['spam.example'] })).data.output).not.toContain('Spam')
    expect((await callTool(tool, { query: 'robota', allowedDomains: ['nowhere.test'] })).data.output).toBe('No results for "robota".')
  })

  it('turns a provider failure into a failed result', async () => {
    const failing: ISearchProvider = {
      name: 'failing',
      search: async () => {
        throw new Error('quota exceeded')
      }
    }
    const { result } = await callTool(createWebSearchTool({ provider: failing }), { query: 'robota' })
    expect(result).toMatchObject({ success: false, error: 'Quota exceeded.' })
  })
})

describe('BraveSearchProvider', () => {
  const respond = (status: number, body: unknown, seen: Request[] = []): typeof fetch => async (input, init) => {
    seen.push(new Request(input, init))
    return Response.json(body, { status })
  }

  it('asks Brave with the key and maps its results, markup stripped', async () => {
    const seen: Request[] = []
    const body = { web: { results: [{ title: '<strong>Robota</strong> &amp; co', url: 'https://r.dev', description: 'An <strong>agent</strong> SDK', age: '1 day ago' }] } }
    const provider = new BraveSearchProvider({ apiKey: 'brave-key', fetch: respond(200, body, seen) })
    expect(await provider.search('robota sdk', { count: 5 })).toEqual([{ title: 'Robota & co', url: 'https://r.dev', description: 'An agent SDK', age: '1 day ago' }])
    expect(seen[0]?.url).toBe(`${BRAVE_SEARCH_URL}?q=robota+sdk&count=5`)
    expect(seen[0]?.headers.get('x-subscription-token')).toBe('brave-key')
    expect(seen[0]?.headers.get('accept')).toBe('application/json')
  })

  it('returns no results when Brave has no web section', async () => {
    expect(await new BraveSearchProvider({ apiKey: 'k', fetch: respond(200, { query: {} }) }).search('x', { count: 1 })).toEqual([])
  })

  it.each([
    [401, {}, 'AUTHENTICATION_ERROR', 'Brave Search rejected the API key (HTTP 401).'],
    [429, {}, 'RATE_LIMIT_ERROR', 'Brave Search rate limit reached (HTTP 429); try again shortly.'],
    [500, {}, 'NETWORK_ERROR', 'Brave Search answered HTTP 500.'],
    [200, { web: { results: [{ title: 1 }] } }, 'NETWORK_ERROR', 'Brave Search sent a response in an unexpected shape.']
  ])('turns HTTP %i into %s', async (status, body, code, message) => {
    const provider = new BraveSearchProvider({ apiKey: 'k', fetch: respond(status, body) })
    await expect(provider.search('x', { count: 1 })).rejects.toMatchObject({ code, message })
  })

  it('reports a network failure with the endpoint, never the key', async () => {
    const provider = new BraveSearchProvider({ apiKey: 'secret-key', endpoint: 'http://127.0.0.1:1/search' })
    const error: unknown = await provider.search('x', { count: 1 }).catch((thrown: unknown) => thrown)
    expect(error).toMatchObject({ code: 'NETWORK_ERROR' })
    expect((error as Error).message).toMatch(/^Brave Search: Could not fetch http:\/\/127\.0\.0\.1:1\/search: fetch failed/)
    expect((error as Error).message).not.toContain('secret-key')
  })
})
