import { useId, useState } from 'react'
import type { IAgentHost, TMarketplaceListing, TPluginScope } from '../../lib/host/agent-host.ts'

/** The marketplace the panel opens on: the SDK's default source; any index URL replaces it. */
export const PLAYGROUND_MARKETPLACE_SOURCE = 'https://plugins.robota.dev/index.json'

type TMarketplaceBrowserProps = {
  host: IAgentHost
  busy: boolean
  installedNames: ReadonlySet<string>
  onInstall: (listing: TMarketplaceListing, scope: TPluginScope) => void
}

type TBrowseState = { state: 'idle' } | { state: 'loading' } | { state: 'listed'; plugins: TMarketplaceListing[] } | { state: 'failed'; message: string }

/** A marketplace source's bundles: search by words, keyword or category, then install into a scope. */
export function MarketplaceBrowser({ host, busy, installedNames, onInstall }: TMarketplaceBrowserProps) {
  const [source, setSource] = useState(PLAYGROUND_MARKETPLACE_SOURCE)
  const [text, setText] = useState('')
  const [scope, setScope] = useState<TPluginScope>('project')
  const [browse, setBrowse] = useState<TBrowseState>({ state: 'idle' })
  const id = useId()

  const search = async () => {
    setBrowse({ state: 'loading' })
    try {
      const found = await host.searchPlugins({ source: source.trim(), ...(text.trim() ? { text: text.trim() } : {}) })
      const failure = found.failures[0]
      setBrowse(failure ? { state: 'failed', message: failure.message } : { state: 'listed', plugins: found.plugins })
    } catch (error) {
      setBrowse({ state: 'failed', message: error instanceof Error ? error.message : String(error) })
    }
  }

  return (
    <section className="marketplace" aria-label="Marketplace">
      <h3>Marketplace</h3>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          void search()
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-source`}>Source</label>
          <input id={`${id}-source`} type="url" value={source} onChange={(event) => setSource(event.target.value)} required />
        </div>
        <div className="field">
          <label htmlFor={`${id}-text`}>Search</label>
          <input id={`${id}-text`} type="search" value={text} placeholder="name, keyword or category" onChange={(event) => setText(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-scope`}>Install into</label>
          <select id={`${id}-scope`} value={scope} onChange={(event) => setScope(event.target.value as TPluginScope)}>
            <option value="project">This session's workspace (.robota/plugins)</option>
            <option value="user">All my sessions (this browser)</option>
          </select>
        </div>
        <button type="submit" disabled={browse.state === 'loading'}>
          Browse
        </button>
      </form>
      {browse.state === 'loading' ? <p role="status">Reading the marketplace…</p> : null}
      {browse.state === 'failed' ? <p className="error" role="alert">{browse.message}</p> : null}
      {browse.state === 'listed' ? (
        browse.plugins.length === 0 ? (
          <p className="note">No bundle matches.</p>
        ) : (
          <ul className="plugin-list" aria-label="Available plugins">
            {browse.plugins.map((listing) => (
              <li key={`${listing.source} ${listing.name}`} aria-label={listing.name}>
                <strong>{listing.name}</strong> <span className="note">{listing.version}{listing.category ? ` · ${listing.category}` : ''}</span>
                <p>{listing.description}</p>
                {listing.keywords.length > 0 ? <p className="note">{listing.keywords.join(', ')}</p> : null}
                <button type="button" disabled={busy || installedNames.has(listing.name)} onClick={() => onInstall(listing, scope)}>
                  {installedNames.has(listing.name) ? 'Installed' : `Install ${listing.name}`}
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  )
}
