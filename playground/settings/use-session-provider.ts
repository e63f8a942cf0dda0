import { useCallback, useEffect, useRef, useState } from 'react'
import type { IAgentHost } from '../../lib/host/agent-host.ts'
import { toMcpServers } from './mcp-server-settings.ts'
import { toProviderChoice, type TPlaygroundSettings } from './playground-settings.ts'

/** Why the host refused the last switch, and a wait for the switches under way. */
export type TSessionProvider = {
  error: string | undefined
  /** Resolves once every provider and mode switch sent so far has settled; await it before a turn. */
  settled: () => Promise<void>
  /** True while no switch is under way, so a turn need not wait for `settled`. */
  isSettled: () => boolean
  /** Counts the times the page's MCP servers reached the open session, so their status can be read again. */
  mcpServersApplied: number
}

/**
 * Gives the open session the page's provider choice, permission mode and MCP servers, so the provider that
 * answers is always the one the settings show. A session made elsewhere (imported, forked,
 * resumed after a reload, recorded against a server whose key this page never had) continues
 * with the provider the user can use now. Keys live only in the worker's memory, so a session
 * needs them again after a reload. A tab that only follows a session another tab drives leaves
 * its provider to that tab, and applies its own once it takes over.
 */
export function useSessionProvider(
  host: IAgentHost,
  sessionId: string | undefined,
  readOnly: boolean,
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
  const applied = useRef(new Map<string, string>())
  const appliedModes = useRef(new Map<string, string>())
  const appliedServers = useRef(new Map<string, string>())
  const [mcpServersApplied, setMcpServersApplied] = useState(0)
  const [error, setError] = useState<string | undefined>()
  const choice = toProviderChoice(settings)
  const choiceKey = JSON.stringify(choice)
  const mode = settings.permissionMode
  const servers = toMcpServers(settings.mcpServers)
  const serversKey = JSON.stringify(servers)

  useEffect(() => {
    if (!sessionId || readOnly) return
    if (applied.current.get(sessionId) === choiceKey) return
    let active = true
    const switching = host
      .setProvider(sessionId, choice)
      .then(() => {
        applied.current.set(sessionId, choiceKey)
        if (active) setError(undefined)
        onApplied()
      })
      .catch((caught: unknown) => active && setError(`The model could not be switched: ${caught instanceof Error ? caught.message : String(caught)}`))
    track(switching)
    return () => {
      active = false
    }
    // `choice` is rebuilt each render; `choiceKey` says when it really changed.
  }, [host, sessionId, readOnly, choiceKey])

  useEffect(() => {
    if (!sessionId) return
    const previous = appliedModes.current.get(sessionId)
    // New sessions start in `default`, so only a change from it needs telling the host.
    if (previous === mode || (previous === undefined && mode === 'default')) return
    let active = true
    const switching = host
      .setPermissionMode(sessionId, mode)
      .then(() => {
        appliedModes.current.set(sessionId, mode)
        if (active) setError(undefined)
      })
      .catch((caught: unknown) => active && setError(`The permission mode could not be set: ${caught instanceof Error ? caught.message : String(caught)}`))
    track(switching)
    return () => {
      active = false
    }
  }, [host, sessionId, mode])

  useEffect(() => {
    if (!sessionId || readOnly) return
    const previous = appliedServers.current.get(sessionId)
    // A session the page gave no servers needs no telling until it has some.
    if (previous === serversKey || (previous === undefined && serversKey === '{}')) return
    let active = true
    const switching = host
      .setMcpServers(sessionId, servers)
      .then(() => {
        appliedServers.current.set(sessionId, serversKey)
        if (active) setError(undefined)
        setMcpServersApplied((count) => count + 1)
      })
      .catch((caught: unknown) => active && setError(`The MCP servers could not be set: ${caught instanceof Error ? caught.message : String(caught)}`))
    track(switching)
    return () => {
      active = false
    }
    // `servers` is rebuilt each render; `serversKey` says when it really changed.
  }, [host, sessionId, readOnly, serversKey])

  const settled = useCallback(async () => {
    await pending.current
  }, [])
  const isSettled = useCallback(() => underWay.current === 0, [])
  return { error, settled, isSettled, mcpServersApplied }
}
