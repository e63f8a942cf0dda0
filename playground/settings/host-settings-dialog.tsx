import { memo, type ComponentProps } from 'react'
import type { IAgentHost } from '../../lib/host/agent-host.ts'
import { SettingsDialog } from './settings-dialog.tsx'
import { useMcpServerStatus } from './use-mcp-server-status.ts'

type THostSettingsDialogProps = Omit<ComponentProps<typeof SettingsDialog>, 'mcpStatuses' | 'listModels'> & {
  host: IAgentHost
  /** The open session, whose MCP servers the dialog reports. */
  sessionId: string | undefined
  readOnly: boolean
  /** Counts the times the page's MCP servers reached the session: each is a reason to ask again. */
  mcpServersApplied: number
  /** The session's warnings; new ones mean it was assembled again. */
  warnings: readonly string[]
}

/**
 * The Settings dialog over the host: it lists models where the providers run and reports the open
 * session's MCP servers. Only while it is open does it ask about them: asking starts the session's
 * sandbox and MCP servers, which opening a session need not wait for. It stays mounted once opened
 * and renders again only when what it is given changes, not as the page streams a turn.
 */
export const HostSettingsDialog = memo(function HostSettingsDialog({ host, sessionId, readOnly, mcpServersApplied, warnings, ...dialog }: THostSettingsDialogProps) {
  const mcpStatuses = useMcpServerStatus(host, dialog.open ? sessionId : undefined, readOnly, mcpServersApplied, warnings)
  return <SettingsDialog {...dialog} mcpStatuses={mcpStatuses} listModels={(choice) => host.listModels(choice)} />
})
