import { useCallback, useState } from 'react'
import { loadSettings, saveSettings, type TPlaygroundSettings } from './playground-settings.ts'

/** localStorage when the page may use it; `undefined` where access throws (sandboxed frames, some privacy modes). */
export function pageStorage(): Storage | undefined {
  try {
    return globalThis.localStorage
  } catch {
    return undefined
  }
}

/**
 * The playground's settings as state, saved to `storage` on every change (keys only when asked);
 * `overrides` (an embed's attributes) take the place of what is saved, at start.
 */
export function usePlaygroundSettings(storage: Storage | undefined, overrides?: Partial<TPlaygroundSettings>): [TPlaygroundSettings, (next: TPlaygroundSettings) => void] {
  const [settings, setSettings] = useState(() => ({ ...loadSettings(storage), ...overrides }))
  const update = useCallback(
    (next: TPlaygroundSettings) => {
      setSettings(next)
      saveSettings(storage, next)
    },
    [storage]
  )
  return [settings, update]
}
