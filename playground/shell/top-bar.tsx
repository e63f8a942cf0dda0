import type { TThemeChoice } from '../settings/playground-settings.ts'
import { findProviderOption } from '../settings/provider-catalog.ts'
import { ContextMeter } from './context-meter.tsx'
import type { TContextUsage } from './context-usage.ts'

type TTopBarProps = {
  providerKind: string
  model: string
  usage: TContextUsage
  theme: TThemeChoice
  onTheme: (theme: TThemeChoice) => void
  onOpenSettings: () => void
}

const NEXT_THEME: Record<TThemeChoice, TThemeChoice> = { system: 'light', light: 'dark', dark: 'system' }

/** Title, the model in use (the offline demo labelled as scripted), the context meter, theme and settings. */
export function TopBar({ providerKind, model, usage, theme, onTheme, onOpenSettings }: TTopBarProps) {
  const option = findProviderOption(providerKind)
  const scripted = option.kind === 'offline-demo'
  return (
    <header className="topbar">
      <h1>Robota playground</h1>
      <button
        type="button"
        className={`badge${scripted ? ' scripted' : ''}`}
        onClick={onOpenSettings}
        title={scripted ? 'The offline demo is a scripted model: it runs real tools in the in-memory sandbox, with no key and no network.' : 'Change the provider in Settings'}
        aria-label={scripted ? 'Model: offline demo, scripted. Open Settings' : `Model: ${option.label} ${model}. Open Settings`}
      >
        {scripted ? 'Offline demo model · scripted' : `${option.label} · ${model}`}
      </button>
      <ContextMeter usage={usage} />
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
