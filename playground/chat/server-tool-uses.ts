import type { TServerToolUse } from '../../lib/core/server-tool-use.ts'
import type { TUniversalMessage } from '../../lib/core/messages.ts'

// The metadata key the providers keep a reply's server tool uses under (lib/core's
// SERVER_TOOL_USES_METADATA_KEY): the page takes only types from lib/, so it names it here.
const SERVER_TOOL_USES_KEY = 'serverToolUses'

/** The tools the provider ran on its own servers (web searches) for one reply; none for another message. */
export function serverToolUsesOf(message: TUniversalMessage): TServerToolUse[] {
  const stored = message.role === 'assistant' ? message.metadata?.[SERVER_TOOL_USES_KEY] : undefined
  if (!Array.isArray(stored)) return []
  return stored.flatMap((entry) => {
    if (typeof entry !== 'string') return []
    try {
      const use = JSON.parse(entry) as Partial<TServerToolUse>
      return typeof use.id === 'string' && typeof use.toolName === 'string' && typeof use.status === 'string' ? [use as TServerToolUse] : []
    } catch {
      return []
    }
  })
}
