import { generateText, stepCountIs, streamText, tool } from 'ai'
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test'
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

const addTool = tool({ description: TOOL_DESCRIPTION, inputSchema: toolParameters, execute: async (input) => addNumbers(input) })

const ZERO_USAGE = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 }
}

function toolCall(index: number) {
  return {
    type: 'tool-call' as const,
    toolCallId: `call_${index}`,
    toolName: TOOL_NAME,
    input: JSON.stringify(toolArguments(index))
  }
}

function finishReason(withTool: boolean) {
  return withTool ? { unified: 'tool-calls' as const, raw: undefined } : { unified: 'stop' as const, raw: undefined }
}

/**
 * `ai`'s mock model playing the shared script. The mock logs every call it gets; the log is
 * cleared on each call, as ours runs with `recordCalls: false`, so neither pays for its fake.
 */
function createScriptedModel(rounds: number, deltas?: readonly string[]): MockLanguageModelV3 {
  let nextRound = 0
  const model: MockLanguageModelV3 = new MockLanguageModelV3({
    doGenerate: async () => {
      model.doGenerateCalls.length = 0
      const index = nextRound++
      const withTool = callsTool(index, rounds)
      return {
        content: withTool ? [{ type: 'text', text: ROUND_TEXT }, toolCall(index)] : [{ type: 'text', text: FINAL_TEXT }],
        finishReason: finishReason(withTool),
        usage: ZERO_USAGE,
        warnings: []
      }
    },
    doStream: async () => {
      model.doStreamCalls.length = 0
      const index = nextRound++
      const withTool = callsTool(index, rounds)
      const pieces = deltas ?? [withTool ? ROUND_TEXT : FINAL_TEXT]
      return {
        stream: convertArrayToReadableStream([
          { type: 'stream-start', warnings: [] },
          { type: 'text-start', id: 'text' },
          ...pieces.map((delta) => ({ type: 'text-delta' as const, id: 'text', delta })),
          { type: 'text-end', id: 'text' },
          ...(withTool ? [toolCall(index)] : []),
          { type: 'finish', finishReason: finishReason(withTool), usage: ZERO_USAGE }
        ])
      }
    }
  })
  return model
}

/** `ai`'s `generateText` with a tool and `stopWhen: stepCountIs(rounds)`. */
export function createAiGenerateTextScenario(): TBenchScenario {
  return {
    library: 'ai-generate-text',
    async runLoop(rounds) {
      const result = await generateText({
        model: createScriptedModel(rounds),
        tools: { [TOOL_NAME]: addTool },
        stopWhen: stepCountIs(rounds),
        prompt: 'go'
      })
      const toolExecutions = result.steps.reduce((total, step) => total + step.toolResults.length, 0)
      return { toolExecutions, retained: result }
    }
  }
}

/** `ai`'s `streamText`, consumed to its end, with the same tool and stop condition. */
export function createAiStreamTextScenario(): TBenchScenario {
  return {
    library: 'ai-stream-text',
    async runLoop(rounds) {
      const result = streamText({
        model: createScriptedModel(rounds),
        tools: { [TOOL_NAME]: addTool },
        stopWhen: stepCountIs(rounds),
        prompt: 'go'
      })
      await result.consumeStream()
      const steps = await result.steps
      const toolExecutions = steps.reduce((total, step) => total + step.toolResults.length, 0)
      return { toolExecutions, retained: result }
    },
    async streamRound(deltas) {
      const result = streamText({ model: createScriptedModel(1, deltas), prompt: 'stream' })
      let received = 0
      for await (const delta of result.textStream) if (delta.length > 0) received++
      return received
    }
  }
}
