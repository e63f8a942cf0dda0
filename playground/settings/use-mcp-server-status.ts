import { useEffect, useState } from 'react'
import type { IAgentHost, TMcpServerStatus } from '../../lib/host/agent-host.ts'

/**
 * The open session's MCP servers as the host reports them (connected with their tools, or
 * failed with why), read again after the page's servers reached the session (`applied` counts
 * those times) and when the host sent new `warnings` (the session was assembled again).
 */
export function useMcpServerStatus(
  host: IAgentHost,
  sessionId: string | undefined,
  readOnly: boolean,
  applied: number,
  warnings: readonly string[]
): TMcpServerStatus[] {
  const [servers, setServers] = useState<TMcpServerStatus[]>([])
  useEffect(() => {
    if (!sessionId || readOnly) return setServers([])
    let active = true
    host
      .listMcpServers(sessionId)
      .then((listed) => active && setServers(listed))
      .catch(() => active && setServers([]))
    return () => {
      active = false
    }
  }, [host, sessionId, readOnly, applied, warnings])
  return servers
}
