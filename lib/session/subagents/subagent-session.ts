import type { IAIProvider } from '../../core/provider.ts'
import type { ITool } from '../../core/tool.ts'
import type { TPermissionEnforcerOptions } from '../permission-enforcer-types.ts'
import { Session } from '../session.ts'
import type { TSessionEventListener } from '../session-events.ts'
import { resolveSubagentModel, type IAgentDefinition } from './agent-definition.ts'

/** The name of the tool that starts subagents; never given to a subagent, so they cannot nest. */
export const AGENT_TOOL_NAME = 'Agent'

/** Appended to a subagent's prompt: it reports to an agent, not to a person. */
export const SUBAGENT_PROMPT_SUFFIX =
  'You are running as a subagent for another agent, which sees only your final message. When the ' +
  'task is done, reply with a concise report of what you found or did, with the file paths involved.'

/** Appended instead when the subagent runs a forked skill: a short, self-contained answer. */
export const FORK_WORKER_PROMPT_SUFFIX =
  'You are running as a worker for a skill. Respond within 500 words with the result only.'

/** The instruction files a subagent inherits from its parent's context. */
export type TSubagentContext = { agentsMd?: string; claudeMd?: string }

/**
 * The parent's tools a subagent gets: the definition's denylist removed, then only its allowlist
 * kept (when it has one), and the Agent tool always removed.
 */
export function filterSubagentTools(tools: readonly ITool[], definition: Pick<IAgentDefinition, 'tools' | 'disallowedTools'>): ITool[] {
  const denied = new Set(definition.disallowedTools ?? [])
  const allowed = definition.tools === undefined ? undefined : new Set(definition.tools)
  return tools.filter((tool) => {
    const name = tool.schema.name
    return name !== AGENT_TOOL_NAME && !denied.has(name) && (allowed === undefined || allowed.has(name))
  })
}

/** A subagent's system prompt: its own instructions, the project's CLAUDE.md and AGENTS.md, then the suffix. */
export function assembleSubagentPrompt(options: { definition: IAgentDefinition; context?: TSubagentContext; isForkWorker?: boolean }): string {
  const sections = [options.definition.systemPrompt.trim()]
  if (options.context?.claudeMd) sections.push(`# Project instructions (CLAUDE.md)\n${options.context.claudeMd}`)
  if (options.context?.agentsMd) sections.push(`# Project instructions (AGENTS.md)\n${options.context.agentsMd}`)
  sections.push(options.isForkWorker ? FORK_WORKER_PROMPT_SUFFIX : SUBAGENT_PROMPT_SUFFIX)
  return sections.join('\n\n')
}

/** What a subagent session is assembled from: everything comes resolved from the parent. */
export type TSubagentSessionOptions = {
  definition: IAgentDefinition
  provider: IAIProvider
  parentModel: string
  /** The parent's tools before its permission gate; filtered here. */
  tools: readonly ITool[]
  /** The child's own permission gate settings (the parent's mode, lists, hooks and handler). */
  permissions: TPermissionEnforcerOptions
  context?: TSubagentContext
  sessionId?: string
  isForkWorker?: boolean
  onEvent?: TSessionEventListener
}

/**
 * Builds an isolated child `Session`: no configuration is read, the tools are filtered from the
 * parent's, the model resolved from the definition, and the Agent tool is never among its tools.
 */
export function createSubagentSession(options: TSubagentSessionOptions): Session {
  const { definition } = options
  return new Session({
    provider: options.provider,
    model: resolveSubagentModel(definition, options.parentModel),
    tools: filterSubagentTools(options.tools, definition),
    systemMessage: assembleSubagentPrompt({
      definition,
      ...(options.context ? { context: options.context } : {}),
      ...(options.isForkWorker ? { isForkWorker: true } : {})
    }),
    name: definition.name,
    ...(options.sessionId ? { sessionId: options.sessionId } : {}),
    permissions: { ...options.permissions, ...(options.sessionId ? { sessionId: options.sessionId } : {}) },
    ...(definition.maxTurns ? { maxExecutionRounds: definition.maxTurns } : {}),
    ...(options.onEvent ? { onEvent: options.onEvent } : {})
  })
}
