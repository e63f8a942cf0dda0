import { useCallback, useEffect, useState } from 'react'
import type { IAgentHost, TPluginView } from '../../lib/host/agent-host.ts'

/** What the panel shows of a change in progress or its failure. */
export type TPluginActivity = { state: 'idle' } | { state: 'working'; label: string } | { state: 'failed'; message: string }

/**
 * The open session's installed bundle plugins, and changes to them (install, enable, disable,
 * uninstall) that each end with the host's new list.
 */
export function useSessionPlugins(host: IAgentHost, sessionId: string) {
  const [plugins, setPlugins] = useState<TPluginView[]>([])
  const [activity, setActivity] = useState<TPluginActivity>({ state: 'idle' })

  useEffect(() => {
    let active = true
    host
      .listPlugins(sessionId)
      .then((listed) => active && setPlugins(listed))
      .catch((error: unknown) => active && setActivity({ state: 'failed', message: error instanceof Error ? error.message : String(error) }))
    return () => {
      active = false
    }
  }, [host, sessionId])

  const change = useCallback(async (label: string, work: () => Promise<TPluginView[]>) => {
    setActivity({ state: 'working', label })
    try {
      setPlugins(await work())
      setActivity({ state: 'idle' })
    } catch (error) {
      setActivity({ state: 'failed', message: error instanceof Error ? error.message : String(error) })
    }
  }, [])

  return { plugins, activity, change }
}
