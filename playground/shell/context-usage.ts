import type { TSessionContextState } from '../../lib/host/agent-host.ts'

/** How full the model's context window is, as the meter shows it. */
export type TContextUsage = Pick<TSessionContextState, 'usedTokens' | 'maxTokens' | 'estimated'> & { model: string }

/**
 * The session's context as the meter shows it: the engine's own figure (`useAgentSession`'s
 * `context`, the one `/context` writes and auto-compaction acts on), never one counted again in
 * the page; nothing until the host has assembled the session. `model` is the one the open
 * session talks to (the settings' choice, which the page applies to it).
 */
export function toContextUsage(context: TSessionContextState | undefined, model: string): TContextUsage | undefined {
  return context && { usedTokens: context.usedTokens, maxTokens: context.maxTokens, estimated: context.estimated, model }
}
