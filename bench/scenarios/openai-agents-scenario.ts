import { Agent, run, setTracingDisabled, tool, Usage } from '@openai/agents'
import type { Model, ModelRequest, ModelResponse, StreamEvent } from '@openai/agents'
import type { TBenchScenario } from './scenario.ts'
import {
  addNumbers,
  callsTool,
  FINAL_TEXT,
  ROUND_TEXT,
  TOOL_DESCRIPTION,
  TOOL_NAME,
  toolArguments,
  toolParameters
} from './scripted-rounds.ts'

// Tracing is on by default and would batch spans for export: a cost no offline loop should pay.
setTracingDisabled(true)

const addTool = tool({
  name: TOOL_NAME,
  description: TOOL_DESCRIPTION,
  parameters: toolParameters,
  execute: async (input) => addNumbers(input)
})

function assistantMessage(text: string) {
  return {
    type: 'message' as const,
    role: 'assistant' as const,
    status: 'completed' as const,
    content: [{ type: 'output_text' as const, text }]
  }
}

function functionCall(index: number) {
  return {
    type: 'function_call' as const,
    callId: `call_${index}`,
    name: TOOL_NAME,
    arguments: JSON.stringify(toolArguments(index)),
    status: 'completed' as const
  }
}

/** A fake `Model` playing the shared script: the SDK's own port for models, as its tests use. */
class ScriptedAgentsModel implements Model {
  private nextRound = 0

  constructor(
    private readonly rounds: number,
    private readonly deltas?: readonly string[]
  ) {}

  async getResponse(_request: ModelRequest): Promise<ModelResponse> {
    const index = this.nextRound++
    const output = callsTool(index, this.rounds)
      ? [assistantMessage(ROUND_TEXT), functionCall(index)]
      : [assistantMessage(FINAL_TEXT)]
    return { usage: new Usage(), output, responseId: `response_${index}` }
  }

  async *getStreamedResponse(_request: ModelRequest): AsyncIterable<StreamEvent> {
    const index = this.nextRound++
    const pieces = this.deltas ?? [FINAL_TEXT]
    yield { type: 'response_started' }
    for (const delta of pieces) yield { type: 'output_text_delta', delta }
    yield {
      type: 'response_done',
      response: {
        id: `response_${index}`,
        usage: { requests: 1, inputTokens: 0, outputTokens: 0, totalTokens: 0 },
        output: [assistantMessage(pieces.join(''))]
      }
    }
  }
}

/** `@openai/agents`' `run` over an `Agent` with a fake model and a zod `tool`. */
export function createOpenAIAgentsScenario(): TBenchScenario {
  return {
    library: 'openai-agents',
    async runLoop(rounds) {
      const agent = new Agent({ name: 'bench', model: new ScriptedAgentsModel(rounds), tools: [addTool] })
      const result = await run(agent, 'go', { maxTurns: rounds })
      const toolExecutions = result.newItems.filter((item) => item.type === 'tool_call_output_item').length
      return { toolExecutions, retained: result }
    },
    async streamRound(deltas) {
      const agent = new Agent({ name: 'bench', model: new ScriptedAgentsModel(1, deltas) })
      const result = await run(agent, 'stream', { stream: true })
      let received = 0
      for await (const delta of result.toTextStream()) if (delta.length > 0) received++
      await result.completed
      return received
    }
  }
}
