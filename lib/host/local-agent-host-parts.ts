import type { TSessionRecord, TSessionSummary } from '../storage/session-store.ts'
import { MemoryPluginFileStore } from '../storage/memory-plugin-file-store.ts'
import type { TTurnResult } from './agent-host.ts'
import { HostEventHub } from './host-event-hub.ts'
import { HostLiveSessions } from './host-live-sessions.ts'
import { HostPlugins } from './host-plugins.ts'
import { HostReplay } from './host-replay.ts'
import { HostRunningTurns } from './host-running-turns.ts'
import { HostSessionAssembler } from './host-session-assembler.ts'
import { HostSessionCommands } from './host-session-commands.ts'
import { HostSessionLifecycle } from './host-session-lifecycle.ts'
import { HostSessionSettings } from './host-session-settings.ts'
import { HostWorkspaceFiles, saveSandboxSnapshot } from './host-workspace-files.ts'
import type { HostedSession } from './hosted-session.ts'
import { HostedSessionRecords } from './hosted-session-records.ts'
import type { TLocalAgentHostOptions } from './local-agent-host-options.ts'
import { PermissionBroker } from './permission-broker.ts'
import { SessionAgents } from './session-agents.ts'
import { SessionPermissionModes } from './session-permission-modes.ts'
import { SessionSandboxes } from './session-sandboxes.ts'

/** The calls a host's parts make back on the host itself. */
export type TLocalAgentHostCalls = {
  /** @throws when there is no such session. */
  loadRecord: (sessionId: string) => Promise<TSessionRecord>
  /** The session's live session, started from its stored record when it is not open. */
  liveSessionById: (sessionId: string) => Promise<HostedSession>
  renameSession: (sessionId: string, name: string) => Promise<TSessionSummary>
  submit: (sessionId: string, prompt: string) => Promise<TTurnResult>
  /** Runs a change to the session's stored record once the changes asked for before it are done. */
  inOrder: <TValue>(sessionId: string, work: () => Promise<TValue>) => Promise<TValue>
}

/** The parts a `LocalAgentHost` holds its sessions with, each over one concern. */
export type TLocalAgentHostParts = ReturnType<typeof createLocalAgentHostParts>

/** Builds a host's parts from its options, wired to each other and, through `host`, back to it. */
export function createLocalAgentHostParts(options: TLocalAgentHostOptions, host: TLocalAgentHostCalls) {
  const workspaceRoot = options.workspaceRoot ?? '/workspace'
  const { store } = options
  const loadRecord = (sessionId: string) => host.loadRecord(sessionId)
  const turns = new HostRunningTurns()
  const records = new HostedSessionRecords()
  const events = new HostEventHub(options.eventIntervalMs)
  const modes = new SessionPermissionModes(options.permissionMode ?? 'default', records)
  const permissions = new PermissionBroker((event) => events.publishNow(event), () => events.watched)
  const agents = new SessionAgents({ createProvider: options.createProvider, defaultProvider: options.defaultProvider, records })
  const sandboxes = new SessionSandboxes({
    createSandbox: options.createSandbox,
    ...(options.createSandboxFromChoice ? { createSandboxFromChoice: options.createSandboxFromChoice } : {}),
    ...(options.prepareSandbox ? { prepareSandbox: options.prepareSandbox } : {}),
    workspaceRoot,
    records
  })
  const userPlugins = options.userPlugins ?? new MemoryPluginFileStore()
  const assembler = new HostSessionAssembler({
    options,
    agents,
    records,
    sandboxes,
    userPlugins,
    events,
    permissions,
    modes,
    turns
  })
  const live = new HostLiveSessions({
    records,
    store,
    sandboxes,
    workspaceRoot,
    assemble: (record, sandbox, sessionStart) => assembler.assemble(record, sandbox, sessionStart),
    publishNow: (event) => events.publishNow(event),
    assertIdle: (sessionId) => turns.assertIdle(sessionId)
  })
  const lifecycle = new HostSessionLifecycle({
    store,
    agents,
    sandboxes,
    live,
    turns,
    records,
    createProvider: options.createProvider,
    providerKinds: options.providerKinds,
    defaultProvider: options.defaultProvider,
    loadRecord,
    pendingPermissions: (sessionId) => permissions.pendingFor(sessionId)
  })
  const settings = new HostSessionSettings({
    store,
    live,
    turns,
    systemMessage: options.systemMessage,
    loadRecord,
    providerFor: (record) => agents.providerFor(record)
  })
  const commands = new HostSessionCommands({
    agents,
    loadRecord,
    liveSession: (record) => live.open(record),
    currentSession: (sessionId) => live.current(sessionId),
    begin: (sessionId) => turns.begin(sessionId),
    end: async (sessionId) => {
      turns.end(sessionId)
      await events.flush()
    },
    publishNow: (event) => events.publishNow(event),
    rememberPermissionMode: (sessionId, mode) => modes.set(sessionId, mode),
    setProvider: (sessionId, choice) => host.inOrder(sessionId, () => lifecycle.applyProvider(sessionId, choice)),
    rename: (sessionId, name) => host.renameSession(sessionId, name),
    submit: (sessionId, prompt) => host.submit(sessionId, prompt)
  })
  const files = new HostWorkspaceFiles({
    store,
    liveSession: (sessionId) => host.liveSessionById(sessionId),
    ...(options.applyManifest ? { applyManifest: options.applyManifest } : {})
  })
  const plugins = new HostPlugins({
    userPlugins,
    workspaceRoot,
    sandboxOf: async (sessionId) => (await host.liveSessionById(sessionId)).sandbox,
    assertIdle: (sessionId) => turns.assertIdle(sessionId),
    reassemble: async (sessionId) => {
      // Project-scope bundles are workspace files: they are stored with the session's snapshot.
      const hosted = await host.liveSessionById(sessionId)
      await saveSandboxSnapshot(store, sessionId, hosted.sandbox)
      await live.rebuild(await loadRecord(sessionId))
    }
  })
  const replay = new HostReplay({
    store,
    loadRecord,
    createSandbox: options.createSandbox,
    ...(options.permissions ? { permissions: options.permissions } : {}),
    permissionMode: options.permissionMode ?? 'default',
    workspaceRoot
  })
  return { events, turns, permissions, agents, sandboxes, live, modes, lifecycle, settings, commands, files, replay, records, plugins, userPlugins }
}
