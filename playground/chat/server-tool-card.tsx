import { memo } from 'react'
import type { TServerToolUse } from '../../lib/core/server-tool-use.ts'
import { describeServerToolInput } from './server-tool-headline.ts'

const TOOL_LABELS: Record<TServerToolUse['toolName'], string> = { web_search: 'Web search', web_fetch: 'Web fetch' }

/** A tool the provider ran on its own servers: what it searched for, and the pages it found or why it failed. */
export const ServerToolCard = memo(function ServerToolCard({ use }: { use: TServerToolUse }) {
  const status = use.status === 'started' ? 'running' : use.status === 'failed' ? 'failed' : 'done'
  const label = TOOL_LABELS[use.toolName] ?? use.toolName
  return (
    <section className={`tool-call server-tool ${status}`} aria-label={`${label} by the provider`}>
      <div className="tool-head">
        <span className="tool-name" title={use.toolName}>
          {label}
        </span>
        <code className="tool-headline">{describeServerToolInput(use)}</code>
        <span className={`tool-status ${status}`}>{status === 'running' ? 'running…' : status}</span>
      </div>
      <p className="note">Ran on the provider’s servers.</p>
      {use.status === 'failed' ? <p className="note">The search failed: {use.error ?? 'no reason given'}.</p> : null}
      {use.sources && use.sources.length > 0 ? (
        <ul className="server-tool-sources" aria-label={`${label} results`}>
          {use.sources.map((source) => (
            <li key={source.url}>
              <a href={source.url} target="_blank" rel="noopener noreferrer">
                {source.title ?? source.url}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
})
