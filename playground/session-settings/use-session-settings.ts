import { useCallback, useEffect, useState } from 'react'
import type { IAgentHost, TSessionSettings, TSessionSettingsView } from '../../lib/host/agent-host.ts'

/** The open session's own settings as the host reports them, and a way to change them. */
export type TSessionSettingsState = {
  view: TSessionSettingsView | undefined
  /** Why the settings could not be read or applied. */
  error: string | undefined
  /** Applies new settings; resolves `true` once the host took them. */
  apply: (settings: TSessionSettings) => Promise<boolean>
}

/**
 * Reads the session's settings while `active` (the editor is open), so a session's sandbox is not
 * started just to show a button, and applies changes, keeping the host's refusal to show. The read
 * waits for `switchesSettled`: what the provider can send is the one the page just chose, not the
 * one it is switching from.
 */
export function useSessionSettings(
  host: IAgentHost,
  sessionId: string | undefined,
  active: boolean,
  switchesSettled: () => Promise<void>
): TSessionSettingsState {
  const [view, setView] = useState<TSessionSettingsView | undefined>()
  const [error, setError] = useState<string | undefined>()

  useEffect(() => {
    setView(undefined)
    setError(undefined)
    if (!sessionId || !active) return
    let current = true
    switchesSettled()
      .then(() => host.getSessionSettings(sessionId))
      .then((loaded) => current && setView(loaded))
      .catch((caught: unknown) => current && setError(`The session settings could not be read: ${describe(caught)}`))
    return () => {
      current = false
    }
  }, [host, sessionId, active, switchesSettled])

  const apply = useCallback(
    async (settings: TSessionSettings) => {
      if (!sessionId) return false
      try {
        setView(await host.setSessionSettings(sessionId, settings))
        setError(undefined)
        return true
      } catch (caught) {
        setError(`The session settings were not applied: ${describe(caught)}`)
        return false
      }
    },
    [host, sessionId]
  )

  return { view, error, apply }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
