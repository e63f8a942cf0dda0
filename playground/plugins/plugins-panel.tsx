import type { IAgentHost } from '../../lib/host/agent-host.ts'
import { MarketplaceBrowser } from './marketplace-browser.tsx'
import { PluginContributions } from './plugin-contributions.tsx'
import { useSessionPlugins } from './use-session-plugins.ts'

type TPluginsPanelProps = { host: IAgentHost; sessionId: string | undefined; running: boolean }

/** Bundle plugins: browse a marketplace source, install, enable or disable, and see what each contributes. */
export function PluginsPanel({ host, sessionId, running }: TPluginsPanelProps) {
  if (!sessionId) return <p className="note">Open a session to see its plugins.</p>
  return <SessionPlugins host={host} sessionId={sessionId} running={running} />
}

function SessionPlugins({ host, sessionId, running }: { host: IAgentHost; sessionId: string; running: boolean }) {
  const { plugins, activity, change } = useSessionPlugins(host, sessionId)
  const busy = running || activity.state === 'working'
  return (
    <div className="plugins" aria-label="Plugins">
      <MarketplaceBrowser
        host={host}
        busy={busy}
        installedNames={new Set(plugins.map((plugin) => plugin.name))}
        onInstall={(listing, scope) => void change(`Installing ${listing.name}…`, () => host.installPlugin(sessionId, { source: listing.source, name: listing.name, scope }))}
      />
      <section aria-label="Installed plugins">
        <h3>Installed</h3>
        {running ? <p className="note">Changes wait until the turn ends.</p> : null}
        {activity.state === 'working' ? <p role="status">{activity.label}</p> : null}
        {activity.state === 'failed' ? <p className="error" role="alert">{activity.message}</p> : null}
        {plugins.length === 0 ? <p className="note">No bundle plugins yet.</p> : null}
        <ul className="plugin-list">
          {plugins.map((plugin) => (
            <li key={`${plugin.scope} ${plugin.name}`} aria-label={`${plugin.name} (${plugin.scope})`}>
              <strong>{plugin.name}</strong> <span className="note">{plugin.version} · {plugin.scope === 'project' ? 'this workspace' : 'all my sessions'}</span>
              <p>{plugin.description}</p>
              {plugin.problem ? <p className="error" role="alert">{plugin.problem}</p> : <PluginContributions name={plugin.name} contributes={plugin.contributes} />}
              <label>
                <input
                  type="checkbox"
                  checked={plugin.enabled}
                  disabled={busy}
                  onChange={(event) => {
                    const enabled = event.target.checked
                    void change(`${enabled ? 'Enabling' : 'Disabling'} ${plugin.name}…`, () => host.setPluginEnabled(sessionId, plugin.scope, plugin.name, enabled))
                  }}
                />{' '}
                Enabled
              </label>{' '}
              <button type="button" disabled={busy} onClick={() => void change(`Uninstalling ${plugin.name}…`, () => host.uninstallPlugin(sessionId, plugin.scope, plugin.name))}>
                Uninstall {plugin.name}
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
