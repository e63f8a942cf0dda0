import type { TPluginContributionSummary } from '../../lib/host/agent-host.ts'

const ROWS: Array<{ key: Exclude<keyof TPluginContributionSummary, 'systemPrompt'>; label: string; prefix?: string }> = [
  { key: 'commands', label: 'Commands', prefix: '/' },
  { key: 'skills', label: 'Skills', prefix: '/' },
  { key: 'agents', label: 'Agents' },
  { key: 'hooks', label: 'Hooks' },
  { key: 'allow', label: 'Allows' },
  { key: 'deny', label: 'Denies' },
  { key: 'tools', label: 'OpenAPI tools' },
  { key: 'mcpServers', label: 'MCP servers' }
]

/** What one bundle gives the session, kind by kind; kinds it has none of are left out. */
export function PluginContributions({ name, contributes }: { name: string; contributes: TPluginContributionSummary }) {
  const rows = ROWS.filter((row) => contributes[row.key].length > 0)
  return (
    <dl className="plugin-contributions" aria-label={`What ${name} contributes`}>
      {rows.map((row) => (
        <div key={row.key}>
          <dt>{row.label}</dt>
          <dd>{contributes[row.key].map((item) => `${row.prefix ?? ''}${item}`).join(', ')}</dd>
        </div>
      ))}
      {contributes.systemPrompt ? (
        <div>
          <dt>System prompt</dt>
          <dd>adds instructions</dd>
        </div>
      ) : null}
      {rows.length === 0 && !contributes.systemPrompt ? <p className="note">Nothing yet.</p> : null}
    </dl>
  )
}
