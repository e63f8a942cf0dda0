import { useCallback, useEffect, useRef, useState } from 'react'
import type { IAgentHost } from '../../lib/host/agent-host.ts'
import { toMcpServers } from './mcp-server-settings.ts'
import { toProviderChoice, type TPlaygroundSettings } from './playground-settings.ts'
import { lacksApiKey } from './provider-catalog.ts'
import { describeError } from '../../worker/react/describe-error.ts'

/** Why the host refused the last switch, and a wait for the switches under way. */
export type TSessionProvider = {
  error: string | undefined
  /** Resolves once every provider and mode switch sent so far has settled; await it before a turn. */
  settled: () => Promise<void>
  /** True while no switch is under way, so a turn need not wait for `settled`. */
  isSettled: () => boolean
  /** Counts the times the page's MCP servers reached the open session, so their status can be read again. */
  mcpServersApplied: number
  /**
   * Whether the chosen provider needs a key the page does not have (keys are forgotten on reload
   * unless remembered): the switch waits for it, since the worker could only refuse it.
   */
  keyMissing: boolean
}

/**
 * Gives the open session the page's provider choice, permission mode and MCP servers, so the provider that
 * answers is always the one the settings show. A session made elsewhere (imported, forked,
 * resumed after a reload, recorded against a server whose key this page never had) continues
 * with the provider the user can use now. Keys live only in the worker's memory, so a session
 * needs them again after a reload; until the page has the key, it sends no switch, and none while a
 * turn runs (the host would refuse it) but once the turn has ended. A tab that
 * only follows a session another tab drives leaves its provider to that tab, and applies its own
 * once it takes over.
 */
export function useSessionProvider(
  host: IAgentHost,
  sessionId: string | undefined,
  readOnly: boolean,
  running: boolean,
  settings: TPlaygroundSettings,
  onApplied: () => void
): TSessionProvider {
  const pending = useRef<Promise<unknown>>(Promise.resolve())
  const underWay = useRef(0)
  const track = useCallback((switching: Promise<unknown>) => {
    underWay.current++
    const done = switching.finally(() => underWay.current--)
    pending.current = Promise.all([pending.current, done])
  }, [])
  const [mcpServersApplied, setMcpServersApplied] = useState(0)
  const [error, setError] = useState<string | undefined>()
  const choice = toProviderChoice(settings)
  const keyMissing = lacksApiKey(choice)
  const mode = settings.permissionMode
  const servers = toMcpServers(settings.mcpServers)
  const target: TSettingTarget = { sessionId, track, setError }

  // A session refuses a new model or new MCP servers while a turn runs: a change made meanwhile
  // goes out once the turn has ended, before the next prompt (which waits for `settled`).
  useSessionSetting(target, JSON.stringify(choice), readOnly || keyMissing || running ? undefined : (id) => host.setProvider(id, choice).then(onApplied), 'The model could not be switched')
  // New sessions start in `default`, so only a change from it needs telling the host.
  useSessionSetting(target, mode, (id) => host.setPermissionMode(id, mode), 'The permission mode could not be set', 'default')
  // A session the page gave no servers needs no telling until it has some.
  useSessionSetting(
    target,
    JSON.stringify(servers),
    readOnly || running ? undefined : (id) => host.setMcpServers(id, servers).then(() => setMcpServersApplied((count) => count + 1)),
    'The MCP servers could not be set',
    '{}'
  )

  const settled = useCallback(async () => {
    await pending.current
  }, [])
  const isSettled = useCallback(() => underWay.current === 0, [])
  return { error, settled, isSettled, mcpServersApplied, keyMissing }
}

/** Where a setting goes: the open session, the switches under way, and the page's error line. */
type TSettingTarget = {
  sessionId: string | undefined
  track: (switching: Promise<unknown>) => void
  setError: (error: string | undefined) => void
}

/**
 * Gives the open session one setting whenever `key` (the setting as text) differs from what that
 * session was last given, or from `startsAs`, what a session has before it is told anything.
 * Without `send` (a tab that only follows the session) nothing is sent.
 */
function useSessionSetting(
  { sessionId, track, setError }: TSettingTarget,
  key: string,
  send: ((sessionId: string) => Promise<unknown>) | undefined,
  failure: string,
  startsAs?: string
): void {
  const applied = useRef(new Map<string, string>())
  const sends = send !== undefined
  useEffect(() => {
    if (!sessionId || !send) return
    const previous = applied.current.get(sessionId)
    if (previous === key || (previous === undefined && key === startsAs)) return
    let active = true
    const switching = send(sessionId)
      .then(() => {
        applied.current.set(sessionId, key)
        if (active) setError(undefined)
      })
      .catch((caught: unknown) => {
        // A session deleted meanwhile (in another tab) takes no settings; the session list says what happened to it.
        if (active && !isMissingSessionError(caught, sessionId)) setError(`${failure}: ${describeError(caught)}`)
      })
    track(switching)
    return () => {
      active = false
    }
    // `send` is made anew each render; `key` says when the setting really changed.
  }, [sessionId, sends, key])
}

function isMissingSessionError(error: unknown, sessionId: string): boolean {
  return (error as { details?: { missingSessionId?: unknown } } | null)?.details?.missingSessionId === sessionId
}
