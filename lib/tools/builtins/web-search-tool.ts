import * as z from 'zod'
import { BuiltinTool } from './builtin-tool.ts'
import type { ISearchProvider, TSearchResult } from './search-provider.ts'
import type { TToolResult } from './tool-result.ts'

/** Options for `createWebSearchTool`. */
export type TWebSearchToolOptions = {
  /** The search backend, such as `new BraveSearchProvider({ apiKey })`. */
  provider: ISearchProvider
}

const domainList = z.array(z.string().min(1).max(253)).max(20)

const webSearchParameters = z.strictObject({
  query: z.string().min(2).max(400).describe('What to search the web for'),
  count: z.number().int().min(1).max(20).default(10).describe('How many results to return (default 10)'),
  allowedDomains: domainList.optional().describe('Only return results from these domains (and their subdomains)'),
  blockedDomains: domainList.optional().describe('Never return results from these domains (or their subdomains)')
})

/**
 * The `WebSearch` tool: a web search through a pluggable `ISearchProvider` (Brave Search by
 * default in the docs), returned as a numbered list of titles, URLs and snippets.
 */
export function createWebSearchTool(options: TWebSearchToolOptions): BuiltinTool<typeof webSearchParameters> {
  return new BuiltinTool(
    'WebSearch',
    'Searches the web and returns a numbered list of results with title, URL and snippet.',
    webSearchParameters,
    async ({ query, count, allowedDomains, blockedDomains }, context): Promise<TToolResult> => {
      const results = await options.provider.search(query, { count, ...(context.signal ? { signal: context.signal } : {}) })
      const kept = results.filter((result) => {
        const host = hostOf(result.url)
        if (allowedDomains !== undefined && !allowedDomains.some((domain) => isSameOrSubdomain(host, domain))) return false
        return !(blockedDomains ?? []).some((domain) => isSameOrSubdomain(host, domain))
      })
      if (kept.length === 0) return { success: true, output: `No results for "${query}".` }
      return { success: true, output: kept.slice(0, count).map(formatResult).join('\n\n') }
    }
  )
}

function formatResult(result: TSearchResult, index: number): string {
  const lines = [`${index + 1}. ${result.title}`, `   ${result.url}`]
  if (result.description !== '') lines.push(`   ${result.description}`)
  if (result.age !== undefined) lines.push(`   (${result.age})`)
  return lines.join('\n')
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase()
  } catch {
    return ''
  }
}

function isSameOrSubdomain(host: string, domain: string): boolean {
  const wanted = domain.toLowerCase().replace(/^\.+|\.+$/g, '')
  return host === wanted || host.endsWith(`.${wanted}`)
}
