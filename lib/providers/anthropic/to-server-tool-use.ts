import type { TServerToolSource, TServerToolUse } from '../../core/server-tool-use.ts'

/**
 * A `server_tool_use` block (and, once it arrived, its `web_search_tool_result` content) as a
 * provider-neutral server tool use: `started` without a result, `completed` with the pages
 * found, `failed` with the error code. A server tool other than web search gives `undefined`.
 */
export function toServerToolUse(call: { id: string; name: string; input: Record<string, unknown> }, resultContent?: unknown): TServerToolUse | undefined {
  if (call.name !== 'web_search') return undefined
  const base = { id: call.id, toolName: 'web_search' as const, input: call.input }
  if (resultContent === undefined) return { ...base, status: 'started' }
  if (!Array.isArray(resultContent)) {
    const code = (resultContent as { error_code?: unknown } | null)?.error_code
    return { ...base, status: 'failed', error: typeof code === 'string' ? code : 'unknown_error' }
  }
  const sources: TServerToolSource[] = []
  for (const entry of resultContent as Array<{ type?: unknown; url?: unknown; title?: unknown }>) {
    if (entry.type === 'web_search_result' && typeof entry.url === 'string') {
      sources.push({ url: entry.url, ...(typeof entry.title === 'string' ? { title: entry.title } : {}) })
    }
  }
  return { ...base, status: 'completed', sources }
}
