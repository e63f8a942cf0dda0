import { useCallback, useLayoutEffect, useState } from 'react'
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
 * `overrides` (an embed's attributes) take the place of what is saved, at start. `hydrating`: the
 * first render hydrates HTML the build rendered with the default settings, so it renders with them
 * too; saved settings follow before the browser paints again.
 */
export function usePlaygroundSettings(
  storage: Storage | undefined,
  overrides?: Partial<TPlaygroundSettings>,
  hydrating = false
): [TPlaygroundSettings, (next: TPlaygroundSettings) => void] {
  const [settings, setSettings] = useState(() => ({ ...loadSettings(hydrating ? undefined : storage), ...overrides }))
  useLayoutEffect(() => {
    if (!hydrating) return
    const saved = { ...loadSettings(storage), ...overrides }
    // Nothing saved reads as the defaults: no second render then.
    if (JSON.stringify(saved) !== JSON.stringify(settings)) setSettings(saved)
    // Once, after the first render: later changes go through `update`.
  }, [])
  const update = useCallback(
    (next: TPlaygroundSettings) => {
      setSettings(next)
      saveSettings(storage, next)
    },
    [storage]
  )
  return [settings, update]
}
