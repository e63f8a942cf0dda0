import type { TPermissionMode } from '../../lib/permissions/index.ts'
import type { TThemeChoice } from '../settings/playground-settings.ts'
import { findKnownProviderOption } from '../settings/provider-catalog.ts'
import { ContextMeter } from './context-meter.tsx'
import type { TSessionContextState } from '../../lib/host/agent-host.ts'

type TTopBarProps = {
  /** The provider the open session's next turn goes to (the settings' choice when none is open). */
  providerKind: string
  model: string
  /** Whether that provider needs a key the page does not have (after a reload, unless keys are remembered). */
  keyMissing?: boolean
  /** The permission mode new turns run in; shown unless it is `default`. */
  permissionMode: TPermissionMode
  /** How full the open session's context window is; no meter until its engine has said. */
  context: TSessionContextState | undefined
  theme: TThemeChoice
  onTheme: (theme: TThemeChoice) => void
  onOpenSettings: () => void
}

const NEXT_THEME: Record<TThemeChoice, TThemeChoice> = { system: 'light', light: 'dark', dark: 'system' }

/**
 * Title, the model in use (the offline demo labelled as scripted, a provider without its key marked
 * so), the permission mode when not the default, the context meter, theme and settings.
 */
export function TopBar({ providerKind, model, keyMissing, permissionMode, context, theme, onTheme, onOpenSettings }: TTopBarProps) {
  const option = findKnownProviderOption(providerKind)
  const scripted = option?.kind === 'offline-demo'
  // A provider this page does not list (from an imported log, say) is named as it is, never as another.
  const label = option?.label ?? providerKind
  // The accessible name starts with what the badge shows, so speech input finds it by its words.
  const shown = scripted ? 'Offline demo model · scripted' : `${label} · ${model}${keyMissing ? ' · no key' : ''}`
  return (
    <header className="topbar">
      <h1>Robota playground</h1>
      <button
        type="button"
        className={`badge${scripted ? ' scripted' : ''}`}
        onClick={onOpenSettings}
        title={scripted ? 'The offline demo is a scripted model: it runs real tools in the in-memory sandbox, with no key and no network.' : 'Change the provider in Settings'}
        aria-label={`${shown}. Open Settings`}
      >
        {shown}
      </button>
      {permissionMode === 'default' ? null : (
        <button type="button" className="badge mode" onClick={onOpenSettings} aria-label={`mode: ${permissionMode}. Open Settings`}>
          mode: {permissionMode}
        </button>
      )}
      {context ? <ContextMeter context={context} model={model} /> : null}
      <div className="topbar-actions">
        <button type="button" onClick={() => onTheme(NEXT_THEME[theme])} aria-label={`Theme: ${theme}. Switch to ${NEXT_THEME[theme]}`}>
          Theme: {theme}
        </button>
        <button type="button" onClick={onOpenSettings} aria-haspopup="dialog">
          Settings
        </button>
      </div>
    </header>
  )
}
