import { createId } from '../core/create-id.ts'
import type { TEnvironmentRecord } from '../core/env-reference.ts'
import type { TUniversalMessage } from '../core/messages.ts'
import type { ITool } from '../core/tool.ts'
import { AgentExecutor, PromptExecutor, type TAgentHookRunner } from '../hooks/index.ts'
import { refuseHooksWithoutMoment } from '../hooks/hook-events-without-moment.ts'
import { ConfigurationError } from '../core/errors.ts'
import type { ISandboxClient } from '../../sandbox/sandbox-client.ts'
import { BUILTIN_AGENT_DEFINITIONS, type IAgentDefinition } from './subagents/agent-definition.ts'
import { SkillCommandSource } from './commands/skill-command-source.ts'
import { loadSettings, parseSettingsLayer, USER_SETTINGS_SOURCE } from './config/load-settings.ts'
import { mergeSettingsLayers } from './config/merge-settings.ts'
import type { TSettings } from './config/settings-schema.ts'
import type { McpToolSet } from '../tools/mcp/mcp-tool-set.ts'
import { buildSystemPrompt, type TSystemPromptParts } from './context/build-system-prompt.ts'
import { detectProject, type TProjectInfo } from './context/detect-project.ts'
import { loadProjectContext, type TProjectContext } from './context/load-project-context.ts'
import type { TInteractiveSessionOptions } from './interactive-session-types.ts'
import type { TFileProblem } from './markdown-frontmatter.ts'
import { PermissionEnforcer } from './permission-enforcer.ts'
import type { TPermissionEnforcerOptions } from './permission-enforcer-types.ts'
import { createSandboxTools } from './sandbox-tools.ts'
import { Session } from './session.ts'
import type { TSessionOptions } from './session-types.ts'
import { createWebFetchTool } from '../tools/builtins/web-fetch-tool.ts'
import { createWebSearchTool } from '../tools/builtins/web-search-tool.ts'
import type { TSessionEvent, TSessionEventListener } from './session-events.ts'
import { createAgentTool } from './subagents/agent-tool.ts'
import { loadAgentDefinitions } from './subagents/load-agent-definitions.ts'
import { createSubagentRunner } from './subagents/subagent-runner.ts'
import type { TSubagentRunWatcher } from './subagents/subagent-run-watch.ts'
import type { IPluginFileStore } from '../storage/plugin-file-store.ts'
import { createPluginTools, loadPluginContributions, toContributions, type TPluginContributions } from './plugins/plugin-contributions.ts'
import { SandboxPluginFileStore } from './plugins/sandbox-plugin-file-store.ts'

/**
 * Allowed without asking in every session, as the spec sets: reading the configuration folders,
 * and starting subagents (whose own tool calls still pass their gate).
 */
export const DEFAULT_ALLOW_PATTERNS: readonly string[] = [
  'Read(.agents/**)',
  'Read(.claude/**)',
  'Read(.robota/**)',
  'Glob(.agents/**)',
  'Glob(.claude/**)',
  'Glob(.robota/**)',
  'Agent'
]

/** Everything a session takes from its workspace. */
export type TWorkspaceConfiguration = {
  settings: TSettings
  /** The settings layers found, lowest precedence first. */
  settingsSources: string[]
  context: TProjectContext
  project: TProjectInfo
  skills: SkillCommandSource | undefined
  agents: IAgentDefinition[]
  /** Skill and agent files that could not be read, and bundle plugins left out. */
  problems: TFileProblem[]
  /** What the enabled bundle plugins contribute; their skills, agents and settings are already in the fields above. */
  plugins: TPluginContributions
}

const EMPTY_CONTEXT: TProjectContext = { files: [], agentsMd: '', claudeMd: '', compactInstructions: undefined }

/** Where a workspace's configuration comes from besides its sandbox. */
export type TWorkspaceConfigurationOptions = {
  userSettings?: unknown
  env?: TEnvironmentRecord
  /** The user-scope bundle plugins (IndexedDB in a browser, `~/.robota/plugins/` in Node); the project's are read from the sandbox. */
  userPlugins?: IPluginFileStore
}

/**
 * Reads settings, project context, skills, agent definitions and enabled bundle plugins from the
 * sandbox; without a sandbox only the user settings and user-scope bundles apply. Bundles' settings
 * are the lowest layers, below the user's settings. A malformed settings file throws, naming file
 * and field; a bundle that cannot be used is left out and reported in `problems`.
 */
export async function loadWorkspaceConfiguration(
  sandbox: ISandboxClient | undefined,
  cwd: string,
  options: TWorkspaceConfigurationOptions = {}
): Promise<TWorkspaceConfiguration> {
  const plugins = await loadPluginContributions({ ...(sandbox ? { project: new SandboxPluginFileStore(sandbox, cwd) } : {}), ...(options.userPlugins ? { user: options.userPlugins } : {}) })
  const pluginSettings = plugins.settingsLayers.map((layer) => layer.settings)
  const pluginSources = plugins.settingsLayers.map((layer) => layer.source)
  if (!sandbox) {
    const userLayer = options.userSettings === undefined ? {} : parseSettingsLayer(options.userSettings, USER_SETTINGS_SOURCE, options.env)
    const settingsSources = [...pluginSources, ...(options.userSettings === undefined ? [] : [USER_SETTINGS_SOURCE])]
    const settings = mergeSettingsLayers([...pluginSettings, userLayer])
    const agents = [...BUILTIN_AGENT_DEFINITIONS, ...plugins.agents]
    return { settings, settingsSources, context: EMPTY_CONTEXT, project: { type: 'unknown' }, skills: undefined, agents, problems: [...plugins.problems], plugins }
  }
  const loaded = await loadSettings(sandbox, { cwd, ...(options.userSettings === undefined ? {} : { userSettings: options.userSettings }), ...(options.env ? { env: options.env } : {}) })
  const skills = new SkillCommandSource(sandbox, cwd, { extraSkills: plugins.skills })
  const [context, project, agents] = await Promise.all([
    loadProjectContext(sandbox, cwd),
    detectProject(sandbox, cwd),
    loadAgentDefinitions(sandbox, cwd),
    skills.refresh()
  ])
  if (loaded.settings.env && sandbox.setEnvironment) await sandbox.setEnvironment(loaded.settings.env)
  return {
    settings: mergeSettingsLayers([...pluginSettings, loaded.settings]),
    settingsSources: [...pluginSources, ...loaded.sources],
    context,
    project,
    skills,
    agents: [...agents.definitions, ...plugins.agents.filter((agent) => !agents.definitions.some((known) => known.name === agent.name))],
    problems: [...skills.getProblems(), ...agents.problems, ...plugins.problems],
    plugins
  }
}

/** A configuration's bundle contributions, or none for one built before bundles were read. */
export function pluginContributionsOf(configuration: TWorkspaceConfiguration): TPluginContributions {
  return configuration.plugins ?? toContributions([])
}

/** What `createSession` wires together. */
export type TSessionAssemblyParts = {
  options: TInteractiveSessionOptions
  configuration: TWorkspaceConfiguration
  cwd: string
  sessionId: string
  name: string
  model: string
  history: readonly TUniversalMessage[]
  firstEventSeq: number
  onEvent: TSessionEventListener
  /** Receives subagents' events, already redacted. */
  onSubagentEvent: (event: TSessionEvent) => void
  /** Told as each subagent run starts and ends (a host shows it as a running turn of its own). */
  watchSubagentRun?: TSubagentRunWatcher
  /** The session's secrets, cut from its subagents' events too. None when left out. */
  secrets?: readonly string[]
  onCompaction?: TSessionOptions['onCompaction']
  /** Told when the permission handler gives an answer it cannot give (the call is denied). */
  onBadAnswer?: TPermissionEnforcerOptions['onBadAnswer']
  /** The session's connected MCP servers; their tools follow the servers' list changes. */
  mcp?: McpToolSet
}

/**
 * Builds the session of an interactive session (internal assembly): the permission gate from
 * options over settings, the sandbox tools, the Agent tool, and the system prompt. Returns the
 * prompt's parts too, so a language switch can rebuild it.
 */
export function createSession(parts: TSessionAssemblyParts): { session: Session; promptParts: TSystemPromptParts } {
  const { options, configuration, cwd } = parts
  const { settings } = configuration
  const hooks = mergeSettingsLayers([settings.hooks ?? {}, options.hooks ?? {}])
  // Code's hooks were refused as the options arrived; these are the settings files'.
  refuseHooksWithoutMoment('The hooks settings (.robota/settings.json and the layers beside it)', hooks)
  const gate: Omit<TPermissionEnforcerOptions, 'mode' | 'sessionId'> = {
    permissions: {
      allow: [...DEFAULT_ALLOW_PATTERNS, ...(settings.permissions?.allow ?? []), ...(options.permissions?.allow ?? [])],
      deny: [...(settings.permissions?.deny ?? []), ...(options.permissions?.deny ?? []), ...(options.disabledTools ?? [])]
    },
    ...(Object.keys(hooks).length > 0 ? { hooks } : {}),
    ...(options.permissionHandler ? { permissionHandler: options.permissionHandler } : {}),
    onBadAnswer: parts.onBadAnswer,
    // Prompt hooks inject their text as context; the caller's executors replace any by type.
    hookExecutors: [new PromptExecutor(), ...(options.hookExecutors ?? [])],
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
    cwd
  }
  const fixedTools: ITool[] = [
    ...(options.sandbox ? createSandboxTools(options.sandbox, cwd) : []),
    ...createWebTools(options),
    ...(options.tools ?? []),
    ...createPluginTools(pluginContributionsOf(configuration))
  ]
  const mcp = parts.mcp
  const offered = (tools: readonly ITool[]): ITool[] => withoutDisabledTools(tools, options.disabledTools)
  // Subagents get the MCP tools listed at start; only the session follows later list changes.
  const baseTools: ITool[] = offered([...fixedTools, ...(mcp?.getTools() ?? [])])
  const runSubagent = createSubagentRunner({
    parentSessionId: parts.sessionId,
    provider: options.provider,
    getParentModel: () => session.getModel(),
    getPermissionMode: () => enforcer.mode,
    tools: baseTools,
    definitions: configuration.agents,
    permissions: gate,
    context: { agentsMd: configuration.context.agentsMd, claudeMd: configuration.context.claudeMd },
    ...(options.store ? { store: options.store } : {}),
    ...(parts.secrets ? { secrets: parts.secrets } : {}),
    onEvent: parts.onSubagentEvent,
    watchRun: parts.watchSubagentRun
  })
  // Agent hooks run a subagent; subagents' own gates lack this executor, so hooks cannot nest agents.
  const runAgentHook: TAgentHookRunner = async ({ agent, config, input, signal }) => {
    const instructions = typeof config?.prompt === 'string' ? `${config.prompt}\n\n` : ''
    const request = { agentType: agent, description: `${input.hook_event_name} hook`, prompt: `${instructions}${JSON.stringify(input)}` }
    return (await runSubagent({ ...request, toolCallId: `hook-${createId()}`, ...(signal ? { signal } : {}) })).response
  }
  const enforcer = new PermissionEnforcer({
    ...gate,
    hookExecutors: [new PromptExecutor(), new AgentExecutor(runAgentHook), ...(options.hookExecutors ?? [])],
    mode: options.permissionMode ?? settings.permissions?.defaultMode ?? 'default',
    sessionId: parts.sessionId
  })
  const agentTool = createAgentTool(configuration.agents, runSubagent)
  const promptParts: TSystemPromptParts = {
    ...(options.systemMessage ? { base: options.systemMessage } : {}),
    ...(options.sandbox ? { cwd } : {}),
    project: configuration.project,
    context: configuration.context,
    skills: configuration.skills?.getSkills() ?? [],
    ...(pluginContributionsOf(configuration).systemPrompts.length > 0 ? { pluginPrompts: pluginContributionsOf(configuration).systemPrompts } : {}),
    ...(settings.language ? { language: settings.language } : {})
  }
  const autoCompactThreshold = options.autoCompactThreshold ?? (settings.compaction?.auto === false ? false : settings.compaction?.threshold)
  const maxExecutionRounds = options.maxTurns ?? settings.maxTurns
  const chatSettings = {
    ...(settings.stopSequences ? { stopSequences: settings.stopSequences } : {}),
    ...(settings.providerOptions ? { providerOptions: settings.providerOptions } : {}),
    ...options.chatSettings
  }
  const session = new Session({
    provider: options.provider,
    model: parts.model,
    tools: options.sandbox ? offered([...baseTools, agentTool]) : baseTools,
    systemMessage: buildSystemPrompt(promptParts),
    sessionId: parts.sessionId,
    name: parts.name,
    history: parts.history,
    firstEventSeq: parts.firstEventSeq,
    enforcer,
    ...(options.contextWindow === undefined ? {} : { contextWindow: options.contextWindow }),
    ...(autoCompactThreshold === undefined ? {} : { autoCompactThreshold }),
    ...(configuration.context.compactInstructions ? { compactInstructions: configuration.context.compactInstructions } : {}),
    ...(maxExecutionRounds === undefined ? {} : { maxExecutionRounds }),
    ...(Object.keys(chatSettings).length > 0 ? { chatSettings } : {}),
    ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
    ...(parts.onCompaction ? { onCompaction: parts.onCompaction } : {}),
    onEvent: parts.onEvent
  })
  mcp?.onToolsChanged(() => {
    const current = [...fixedTools, ...mcp.getTools()]
    session.setTools(offered(options.sandbox ? [...current, agentTool] : current))
  })
  return { session, promptParts }
}

/** `tools` without those whose names `disabled` lists. */
function withoutDisabledTools(tools: readonly ITool[], disabled: readonly string[] | undefined): ITool[] {
  if (!disabled || disabled.length === 0) return [...tools]
  const names = new Set(disabled)
  return tools.filter((tool) => !names.has(tool.schema.name))
}

/** WebFetch for a session that works in a sandbox (unless turned off), WebSearch when a search backend is given. */
function createWebTools(options: TInteractiveSessionOptions): ITool[] {
  const tools: ITool[] = []
  if (options.sandbox && options.webFetch !== false) tools.push(createWebFetchTool(options.webFetch ?? {}))
  if (options.searchProvider) tools.push(createWebSearchTool({ provider: options.searchProvider }))
  return tools
}
