import { useRef, type KeyboardEvent, type ReactNode } from 'react'

/** The side panel's tabs. */
export type TSideTab = 'replay' | 'workspace' | 'plugins'

type TSidePanelProps = {
  tab: TSideTab
  onTab: (tab: TSideTab) => void
  replay: ReactNode
  workspace: ReactNode
  plugins: ReactNode
  /** The tabs to offer, in this order; all three when absent (an embed's `panels` attribute narrows them). */
  tabs?: readonly TSideTab[] | undefined
}

const TABS: Array<{ id: TSideTab; label: string }> = [
  { id: 'replay', label: 'Replay' },
  { id: 'workspace', label: 'Workspace' },
  { id: 'plugins', label: 'Plugins' }
]

/**
 * Replay, workspace and plugins behind tabs: arrow keys move between them, as the tabs pattern
 * expects, and with only three tabs Tab reaches each as well, for people who never try the arrows.
 */
export function SidePanel({ tab, onTab, replay, workspace, plugins, tabs }: TSidePanelProps) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([])
  const shown = tabs ? TABS.filter((candidate) => tabs.includes(candidate.id)).sort((a, b) => tabs.indexOf(a.id) - tabs.indexOf(b.id)) : TABS
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    const index = shown.findIndex((candidate) => candidate.id === tab)
    const next = (index + (event.key === 'ArrowRight' ? 1 : shown.length - 1)) % shown.length
    const target = shown[next]
    if (!target) return
    onTab(target.id)
    buttons.current[next]?.focus()
  }
  return (
    <div className="side-panel">
      <div className="tabs" role="tablist" aria-label="Side panel" onKeyDown={onKeyDown}>
        {shown.map((candidate, index) => (
          <button
            key={candidate.id}
            ref={(element) => {
              buttons.current[index] = element
            }}
            type="button"
            role="tab"
            id={`tab-${candidate.id}`}
            aria-selected={tab === candidate.id}
            aria-controls={`panel-${candidate.id}`}
            onClick={() => onTab(candidate.id)}
          >
            {candidate.label}
          </button>
        ))}
      </div>
      <div className="tab-panel" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'replay' ? replay : tab === 'workspace' ? workspace : plugins}
      </div>
    </div>
  )
}
