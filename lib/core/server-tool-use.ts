import type { TAssistantMessage } from './messages.ts'

/** Provider-neutral names of the tools a provider runs on its own servers. */
export type TServerToolName = 'web_search' | 'web_fetch'

/** One page a server tool found or read. */
export type TServerToolSource = { url: string; title?: string }

/**
 * A tool the provider ran on its own servers during a reply (a hosted web search), as plain
 * data: reported while it runs for display, and kept on the reply for replay and tool cards.
 */
export type TServerToolUse = {
  /** The provider's own id of the call. */
  id: string
  toolName: TServerToolName
  /** What the model asked the tool, such as `{ query }`. */
  input: Record<string, unknown>
  /** `started` once the call is known, then `completed` or `failed`. */
  status: 'started' | 'completed' | 'failed'
  /** The pages it returned, when completed. */
  sources?: TServerToolSource[]
  /** The provider's reason, when failed. */
  error?: string
}

/** Receives each server tool use as it starts and as it ends. */
export type TServerToolUseCallback = (use: TServerToolUse) => void

/** Metadata key under which an assistant message keeps its finished server tool uses, one JSON text each. */
export const SERVER_TOOL_USES_METADATA_KEY = 'serverToolUses'

/** The server tool uses an assistant message keeps; none when its metadata has none or is malformed. */
export function readServerToolUses(message: Pick<TAssistantMessage, 'metadata'>): TServerToolUse[] {
  const stored = message.metadata?.[SERVER_TOOL_USES_METADATA_KEY]
  if (!Array.isArray(stored)) return []
  const uses: TServerToolUse[] = []
  for (const entry of stored) {
    if (typeof entry !== 'string') continue
    try {
      const parsed = JSON.parse(entry) as TServerToolUse
      if (typeof parsed.id === 'string' && typeof parsed.toolName === 'string') uses.push(parsed)
    } catch {
      // A damaged entry is left out: the rest of the message still shows.
    }
  }
  return uses
}
