import { useCallback, useEffect, useState } from 'react'
import type { IAgentHost } from '../../lib/host/agent-host.ts'

type TFileTreeProps = {
  host: IAgentHost
  sessionId: string
  /** Changes whenever the files may have changed (a turn ended, an upload, a manifest). */
  version: number
  selectedPath: string | undefined
  onOpen: (path: string) => void
}

type TDirEntry = Awaited<ReturnType<IAgentHost['listFiles']>>[number]
type TListing = TDirEntry[] | { error: string }

/** The workspace root of every session's sandbox. */
export const WORKSPACE_ROOT = '/workspace'

/** The sandbox's files as a tree: directories load when opened and reload when `version` changes. */
export function FileTree({ host, sessionId, version, selectedPath, onOpen }: TFileTreeProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set([WORKSPACE_ROOT]))
  const [listings, setListings] = useState<ReadonlyMap<string, TListing>>(new Map())

  const load = useCallback(
    async (path: string) => {
      const listing: TListing = await host
        .listFiles(sessionId, path)
        .then((entries) => [...entries].sort((left, right) => Number(right.type === 'directory') - Number(left.type === 'directory') || left.name.localeCompare(right.name)))
        .catch((error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }))
      setListings((previous) => new Map(previous).set(path, listing))
    },
    [host, sessionId]
  )

  useEffect(() => {
    setListings(new Map())
    setExpanded(new Set([WORKSPACE_ROOT]))
  }, [sessionId])

  useEffect(() => {
    for (const path of expanded) void load(path)
    // Reload everything open whenever the files may have changed; opening a folder loads it below.
  }, [version, load])

  const toggle = (path: string) => {
    const next = new Set(expanded)
    if (next.has(path)) next.delete(path)
    else {
      next.add(path)
      void load(path)
    }
    setExpanded(next)
  }

  const renderDirectory = (path: string) => {
    const listing = listings.get(path)
    if (!listing) return <p className="note tree-loading">Loading…</p>
    if ('error' in listing) return <p className="error">{listing.error}</p>
    if (listing.length === 0) return <p className="note tree-empty">(empty)</p>
    return (
      <ul className="tree-level">
        {listing.map((entry) => {
          const child = `${path}/${entry.name}`
          const open = expanded.has(child)
          return (
            <li key={child}>
              {entry.type === 'directory' ? (
                <button type="button" className="tree-entry directory" aria-expanded={open} onClick={() => toggle(child)}>
                  <span aria-hidden="true">{open ? '▾' : '▸'}</span> {entry.name}/
                </button>
              ) : (
                <button type="button" className="tree-entry file" aria-current={selectedPath === child ? 'true' : undefined} onClick={() => onOpen(child)}>
                  {entry.name}
                </button>
              )}
              {entry.type === 'directory' && open ? renderDirectory(child) : null}
            </li>
          )
        })}
      </ul>
    )
  }

  return (
    <nav className="file-tree" aria-label="Workspace files">
      {renderDirectory(WORKSPACE_ROOT)}
    </nav>
  )
}
