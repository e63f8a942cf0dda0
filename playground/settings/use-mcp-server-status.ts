import { useEffect, useState } from 'react'
import type { IAgentHost, TMcpServerStatus } from '../../lib/host/agent-host.ts'

const NO_SERVERS: TMcpServerStatus[] = []

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
  const [servers, setServers] = useState<TMcpServerStatus[]>(NO_SERVERS)
  useEffect(() => {
    // The same empty list each time: a new one would render the page again for nothing, and
    // `warnings` may be a new array in each of the renders React redoes before a commit.
    if (!sessionId || readOnly) return setServers(NO_SERVERS)
    let active = true
    host
      .listMcpServers(sessionId)
      .then((listed) => active && setServers(listed))
      .catch(() => active && setServers(NO_SERVERS))
    return () => {
      active = false
    }
  }, [host, sessionId, readOnly, applied, warnings])
  return servers
}
