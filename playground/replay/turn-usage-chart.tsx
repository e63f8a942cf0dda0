import { memo, useMemo, type CSSProperties } from 'react'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import { formatTokenCount } from '../../worker/react/format-token-count.ts'
import { turnName, turnTitle } from './turn-name.ts'
import { measureTurnUsage, type TTurnUsage } from './turn-usage.ts'
import { formatCount } from '../shell/format-count.ts'

type TTurnUsageChartProps = {
  events: readonly TExecutionEventEnvelope[]
  /** True while the session has events before `events` that are not loaded: turns are counted from the first loaded one. */
  earlierEvents: boolean
}

const SHOWN_TURNS = 12

// Drawn in this order, left to right; the table reads the same columns.
const PARTS = [
  { key: 'inputTokens', label: 'input' },
  { key: 'cacheReadTokens', label: 'cache read' },
  { key: 'cacheWriteTokens', label: 'cache write' },
  { key: 'outputTokens', label: 'output' }
] as const

/** Input, cached and output tokens of each turn as stacked bars, its cost where the price is known, and the same as a table. */
export const TurnUsageChart = memo(function TurnUsageChart({ events, earlierEvents }: TTurnUsageChartProps) {
  const turns = useMemo(() => measureTurnUsage(events).slice(-SHOWN_TURNS), [events])
  // A turn whose model never answered (its call failed, or was stopped first) has nothing to count.
  if (turns.length === 0) return <p className="note">No model has answered yet: there are no tokens to count.</p>
  const largest = Math.max(1, ...turns.map(totalTokens))
  const estimated = turns.some((turn) => turn.estimated)
  return (
    <div className={`usage-chart${earlierEvents ? ' loaded-turns' : ''}`}>
      <div className="usage-bars" role="img" aria-label={`Tokens per turn: ${turns.map((turn) => describeTurn(turn, earlierEvents)).join('; ')}.`}>
        {turns.map((turn) => (
          <div key={turn.executionId} className="usage-row">
            <span className="usage-turn">{turnTitle(turn.turn, earlierEvents)}</span>
            <span className="usage-track">
              {PARTS.map((part) => (
                <span key={part.key} className={`usage-part ${part.key}`} style={{ '--share': turn[part.key] / largest } as CSSProperties} />
              ))}
            </span>
            <span className="usage-total">
              {turn.estimated ? '≈' : ''}
              {formatTokenCount(totalTokens(turn))}
              {turn.costUsd === undefined ? '' : ` · ${formatCost(turn.costUsd)}`}
            </span>
          </div>
        ))}
      </div>
      <ul className="usage-legend" aria-hidden="true">
        {PARTS.map((part) => (
          <li key={part.key}>
            <span className={`usage-swatch ${part.key}`} />
            {part.label}
          </li>
        ))}
      </ul>
      {estimated ? <p className="note">≈ The model reported no usage: tokens estimated from the text, 4 characters a token.</p> : null}
      <details className="usage-table">
        <summary>Tokens and cost as a table</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">{earlierEvents ? 'Loaded turn' : 'Turn'}</th>
              {PARTS.map((part) => (
                <th key={part.key} scope="col">
                  {part.label}
                </th>
              ))}
              <th scope="col">cost</th>
            </tr>
          </thead>
          <tbody>
            {turns.map((turn) => (
              <tr key={turn.executionId}>
                <th scope="row">
                  {turn.turn}
                  {turn.model ? <span className="usage-model"> {turn.model}</span> : null}
                </th>
                {PARTS.map((part) => (
                  <td key={part.key}>
                    {turn.estimated ? '≈' : ''}
                    {formatCount(turn[part.key])}
                  </td>
                ))}
                <td>{turn.costUsd === undefined ? 'no price listed' : formatCost(turn.costUsd)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  )
})

function totalTokens(turn: TTurnUsage): number {
  return turn.inputTokens + turn.cacheReadTokens + turn.cacheWriteTokens + turn.outputTokens
}

function describeTurn(turn: TTurnUsage, earlierEvents: boolean): string {
  const approximate = turn.estimated ? 'about ' : ''
  const cached = turn.cacheReadTokens + turn.cacheWriteTokens > 0 ? `, ${turn.cacheReadTokens} read from and ${turn.cacheWriteTokens} written to the cache` : ''
  const cost = turn.costUsd === undefined ? '' : `, ${formatCost(turn.costUsd)}`
  return `${turnName(turn.turn, earlierEvents)}, ${approximate}${turn.inputTokens} input and ${turn.outputTokens} output tokens${cached}${cost}`
}

/** `0.0042` → `$0.0042`, `1.5` → `$1.50`: two significant digits below a cent, cents above. */
function formatCost(usd: number): string {
  if (usd === 0) return '$0'
  if (usd < 0.0001) return 'under $0.0001'
  return usd < 0.01 ? `$${Number(usd.toPrecision(2))}` : `$${usd.toFixed(2)}`
}
