import type { TContextUsage } from './context-usage.ts'
import { formatTokenCount } from '../../worker/react/format-token-count.ts'

/** Used and maximum context tokens of the open session, as a meter with its numbers. */
export function ContextMeter({ usage }: { usage: TContextUsage }) {
  const percent = Math.min(100, Math.round((usage.usedTokens / usage.maxTokens) * 100))
  const approximate = usage.estimated ? '≈' : ''
  const description = `${approximate}${formatTokenCount(usage.usedTokens)} of ${formatTokenCount(usage.maxTokens)} tokens (${percent}%) for ${usage.model}${usage.estimated ? ', estimated from the text' : ''}`
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
