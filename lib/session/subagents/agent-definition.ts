/** A subagent: who it is, what it is told, and which tools and model it gets. */
export type IAgentDefinition = {
  /** Unique name; what the Agent tool's `subagent_type` selects. */
  name: string
  description: string
  /** The agent's own instructions (the Markdown body of a custom definition). */
  systemPrompt: string
  /** Model override (`sonnet`, `haiku`, `opus` or a full id); the parent's model when omitted. */
  model?: string
  /** Cap on the child's model/tool rounds. */
  maxTurns?: number
  /** Allowlist of tool names; every parent tool when omitted. */
  tools?: string[]
  /** Denylist of tool names, applied before the allowlist. */
  disallowedTools?: string[]
  /** Where it came from: `builtin`, or the file it was read from. */
  source: string
}

/** Model names a definition may use for the current Claude models. */
export const MODEL_SHORTCUTS: Readonly<Record<string, string>> = {
  sonnet: 'claude-sonnet-4-6',
  haiku: 'claude-haiku-4-5',
  opus: 'claude-opus-4-6'
}

const READ_ONLY_TOOLS_DENIED = ['Write', 'Edit']

/** The agents every session offers: a full-capability worker, a read-only explorer and a planner. */
export const BUILTIN_AGENT_DEFINITIONS: readonly IAgentDefinition[] = [
  {
    name: 'general-purpose',
    description: 'Full-capability agent for multi-step tasks: research, code changes, and running commands.',
    systemPrompt: 'You are a general-purpose agent. Complete the task you are given end to end with the tools you have.',
    source: 'builtin'
  },
  {
    name: 'Explore',
    description: 'Fast read-only agent for exploring a codebase: finding files, reading code, answering questions about it.',
    systemPrompt:
      'You are a read-only exploration agent. Search and read the workspace to answer the question you are given; ' +
      'never change files. Cite the paths you found things in.',
    model: 'haiku',
    disallowedTools: READ_ONLY_TOOLS_DENIED,
    source: 'builtin'
  },
  {
    name: 'Plan',
    description: 'Read-only planning agent: researches the workspace and returns a step-by-step implementation plan.',
    systemPrompt:
      'You are a planning agent. Research the workspace without changing anything, then return a concrete, ' +
      'step-by-step implementation plan naming the files to change.',
    disallowedTools: READ_ONLY_TOOLS_DENIED,
    source: 'builtin'
  }
]

/**
 * The model a subagent runs on: its definition's model (shortcuts expanded), else the parent's.
 * A shortcut names a Claude model, so it applies only when the parent runs on one; a session on
 * another provider keeps its own model rather than sending that provider a Claude id.
 */
export function resolveSubagentModel(definition: Pick<IAgentDefinition, 'model'>, parentModel: string): string {
  const requested = definition.model?.trim()
  if (!requested || requested === 'inherit') return parentModel
  const expanded = MODEL_SHORTCUTS[requested]
  if (expanded === undefined) return requested
  return parentModel.startsWith('claude-') ? expanded : parentModel
}
