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
 * Replay, workspace and plugins behind tabs, as the WAI-ARIA tabs pattern has them: the tab list
 * is one tab stop (the open tab), and Left, Right, Home and End move to another tab and open it.
 */
export function SidePanel({ tab, onTab, replay, workspace, plugins, tabs }: TSidePanelProps) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([])
  const shown = tabs ? TABS.filter((candidate) => tabs.includes(candidate.id)).sort((a, b) => tabs.indexOf(a.id) - tabs.indexOf(b.id)) : TABS
  const onKeyDown = (event: KeyboardEvent) => {
    const last = shown.length - 1
    const index = shown.findIndex((candidate) => candidate.id === tab)
    // Left and Right wrap around, as the pattern suggests; an unknown key moves nowhere.
    const moves: Record<string, number> = { ArrowRight: index < last ? index + 1 : 0, ArrowLeft: index > 0 ? index - 1 : last, Home: 0, End: last }
    const next = moves[event.key] ?? -1
    const target = shown[next]
    if (!target) return
    event.preventDefault()
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
            tabIndex={tab === candidate.id ? 0 : -1}
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
