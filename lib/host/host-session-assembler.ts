import type { ISandboxClient } from '../../sandbox/sandbox-client.ts'
import { getProviderSecrets } from '../core/provider-secrets.ts'
import { loadWorkspaceConfiguration } from '../session/session-assembly.ts'
import { connectSessionMcpServers } from '../session/session-mcp-servers.ts'
import type { IPluginFileStore } from '../storage/plugin-file-store.ts'
import { redactSecretText } from '../storage/replay-log/redact-secrets.ts'
import type { TSessionRecord } from '../storage/session-store.ts'
import type { HostEventHub } from './host-event-hub.ts'
import type { HostRunningTurns } from './host-running-turns.ts'
import { watchSubagentRun } from './host-subagent-runs.ts'
import { toSessionSettingsOptions } from './host-session-settings.ts'
import { HostedSession } from './hosted-session.ts'
import type { HostedSessionRecords } from './hosted-session-records.ts'
import type { TLocalAgentHostOptions } from './local-agent-host-options.ts'
import type { PermissionBroker } from './permission-broker.ts'
import type { SessionAgents } from './session-agents.ts'
import type { SessionPermissionModes } from './session-permission-modes.ts'
import type { SessionSandboxes } from './session-sandboxes.ts'

/** What assembling a session reads: the host's options and the parts that hold per-session state. */
export type THostSessionAssemblerParts = {
  options: TLocalAgentHostOptions
  agents: SessionAgents
  records: HostedSessionRecords
  sandboxes: SessionSandboxes
  userPlugins: IPluginFileStore
  events: HostEventHub
  permissions: PermissionBroker
  modes: SessionPermissionModes
  turns: HostRunningTurns
}

/**
 * Builds a host session the way `InteractiveSession` builds itself: the workspace's settings
 * layers, instructions, skills, agents, plugins and MCP servers, the session's own settings, and
 * the host's tools, hooks and permission handling.
 */
export class HostSessionAssembler {
  constructor(private readonly parts: THostSessionAssemblerParts) {}

  /** The SDK session of `record` over `sandbox`, assembled from the workspace's configuration. */
  async assemble(record: TSessionRecord, sandbox: ISandboxClient, sessionStart: boolean): Promise<HostedSession> {
    const { options, agents, records, sandboxes, userPlugins, events, permissions, modes, turns } = this.parts
    const sessionId = record.id
    const workspaceRoot = options.workspaceRoot ?? '/workspace'
    const configuration = await loadWorkspaceConfiguration(sandbox, workspaceRoot, {
      ...(options.userSettings === undefined ? {} : { userSettings: options.userSettings }),
      ...(options.env ? { env: options.env } : {}),
      userPlugins
    })
    const choice = agents.adoptWorkspaceSettings(record, configuration.settings.provider)
    const mcp = await connectSessionMcpServers(configuration.settings, { ...options.mcpServers, ...records.peek(sessionId)?.mcpServers })
    if (mcp) configuration.problems.push(...mcp.getProblems().map((problem) => ({ file: `mcpServers.${problem.server}`, message: problem.message })))
    const language = agents.getLanguage(sessionId)
    const provider = await agents.providerFor(record)
    // The provider's own, too: a factory may give it a key of the app's that no choice carries.
    const secrets = [...(choice.apiKey ? [choice.apiKey] : []), ...getProviderSecrets(provider), ...sandboxes.secretsOf(sessionId), ...(mcp?.getSecrets() ?? [])]
    const start = HostedSession.start(
      {
        // The session talks to the chosen provider and model; its record says so from its first write.
        record: { ...record, providerName: choice.kind, model: choice.model },
        store: options.store,
        sandbox,
        provider,
        configuration,
        workspaceRoot,
        ...(language ? { language } : {}),
        secrets,
        ...(mcp ? { mcp } : {}),
        watchSubagentRun: (run) => watchSubagentRun(run, { turns, publishNow: (event) => events.publishNow(event), secrets }),
        publish: (event) => events.publish(event),
        publishNow: (event) => events.publishNow(event),
        flushEvents: () => events.flush(),
        options: {
          // The session's own settings (stored in its record) add to the host's prompt and options.
          ...toSessionSettingsOptions(record.settings, options.systemMessage),
          ...(options.permissions ? { permissions: options.permissions } : {}),
          ...(options.hooks ? { hooks: options.hooks } : {}),
          ...(options.hookExecutors ? { hookExecutors: options.hookExecutors } : {}),
          ...(options.tools ? { tools: options.tools } : {}),
          ...(options.webFetch === undefined ? {} : { webFetch: options.webFetch }),
          ...(options.searchProvider ? { searchProvider: options.searchProvider } : {}),
          ...(options.autoCompactThreshold === undefined ? {} : { autoCompactThreshold: options.autoCompactThreshold }),
          ...(choice.idleTimeoutMs === undefined ? {} : { timeout: choice.idleTimeoutMs }),
          permissionHandler: permissions.handlerFor(sessionId),
          permissionMode: modes.modeFor(sessionId, configuration.settings.permissions?.defaultMode)
        }
      },
      { sessionStart }
    )
    // A session that fails to start (a SessionStart hook, a store write) does not keep its servers.
    const hosted = await start.catch(async (error: unknown) => {
      await mcp?.close()
      throw error
    })
    // Sent whenever servers are configured, so a page drops warnings a later assembly no longer has.
    if (mcp) events.publishNow({ kind: 'session_warnings', sessionId, warnings: mcp.getProblems().map((problem) => redactSecretText(problem.message, mcp.getSecrets())) })
    return hosted
  }
}
