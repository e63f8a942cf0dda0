import * as z from 'zod'
import type { ITool } from '../../core/tool.ts'
import { createZodFunctionTool } from '../../tools/function-tool.ts'
import type { IAgentDefinition } from './agent-definition.ts'
import { AGENT_TOOL_NAME } from './subagent-session.ts'

/** One subagent run the Agent tool asks for. */
export type TSubagentRequest = {
  agentType: string
  description: string
  prompt: string
  /** The parent's tool call, so the child's log can point back at it. */
  toolCallId: string
  signal?: AbortSignal
}

/** What a subagent run reports back to the parent model. */
export type TSubagentReport = {
  /** The child session's id: its own replay log, linked to the parent. */
  sessionId: string
  agentType: string
  response: string
  interrupted: boolean
  toolsExecuted: string[]
}

/** Runs a subagent to completion. */
export type TSubagentRunner = (request: TSubagentRequest) => Promise<TSubagentReport>

const DEFAULT_AGENT_TYPE = 'general-purpose'

const agentToolParameters = z.object({
  description: z.string().min(1).describe('A short (3-5 word) description of the task'),
  prompt: z.string().min(1).describe('The full task for the agent, with everything it needs to know'),
  subagent_type: z.string().min(1).optional().describe(`Which agent to use; defaults to ${DEFAULT_AGENT_TYPE}`)
})

/**
 * The Agent tool: hands a task to a subagent (a child session with its own tools, model and
 * replay log) and returns its final report. The list of agent types is part of the description,
 * so the model knows what it can choose from.
 */
export function createAgentTool(definitions: readonly IAgentDefinition[], runSubagent: TSubagentRunner): ITool {
  const catalog = definitions.map((definition) => `- ${definition.name}: ${definition.description}`).join('\n')
  const description =
    'Launch a subagent to handle a self-contained task on its own and report back. Available agent types:\n' +
    `${catalog}\nThe subagent does not see this conversation: put everything it needs in the prompt.`
  return createZodFunctionTool(AGENT_TOOL_NAME, description, agentToolParameters, async (parameters, context) =>
    runSubagent({
      agentType: parameters.subagent_type ?? DEFAULT_AGENT_TYPE,
      description: parameters.description,
      prompt: parameters.prompt,
      toolCallId: context.toolCallId,
      ...(context.signal ? { signal: context.signal } : {})
    })
  )
}
