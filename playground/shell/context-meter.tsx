import type { TSessionContextState } from '../../lib/host/agent-host.ts'
import { formatTokenCount } from '../../worker/react/format-token-count.ts'

/**
 * Used and maximum context tokens of the open session, as a meter with its numbers: the engine's own
 * figure (`useAgentSession`'s `context`, the one `/context` writes and auto-compaction acts on),
 * never one counted again in the page. `model` is the one the open session talks to.
 */
export function ContextMeter({ context: usage, model }: { context: TSessionContextState; model: string }) {
  const percent = Math.min(100, Math.round((usage.usedTokens / usage.maxTokens) * 100))
  const approximate = usage.estimated ? '≈' : ''
  const description = `${approximate}${formatTokenCount(usage.usedTokens)} of ${formatTokenCount(usage.maxTokens)} tokens (${percent}%) for ${model}${usage.estimated ? ', estimated from the text' : ''}`
  return (
    <div className="context-meter" title={description}>
      <label htmlFor="context-meter">Context</label>
      <meter id="context-meter" min={0} max={usage.maxTokens} low={usage.maxTokens * 0.6} high={usage.maxTokens * 0.85} optimum={0} value={usage.usedTokens} aria-valuetext={description} />
      <span className="context-numbers">
        {approximate}
        {formatTokenCount(usage.usedTokens)} / {formatTokenCount(usage.maxTokens)}
      </span>
    </div>
  )
}
