import { Robota } from '../../lib/core/robota.ts'
import type { TUniversalMessage } from '../../lib/core/messages.ts'
import { ScriptedProvider, type TScriptedStep, type TScriptedStepSource } from '../../lib/testing/scripted-provider.ts'
import { createZodFunctionTool } from '../../lib/tools/function-tool.ts'
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

// Files, not the `robota/testing` barrel: that one also exports the Node-only fake LLM server,
// and the same scenario runs in Chromium.

const addTool = createZodFunctionTool(TOOL_NAME, TOOL_DESCRIPTION, toolParameters, addNumbers)

// One shared step function, filled in for every round, picks the step from the conversation so
// far (the user message, then an assistant and a tool message per round): the script costs no
// per-round objects up front, as the peers' fake models build each answer when asked.
function scriptRounds(rounds: number): TScriptedStepSource[] {
  const nextStep = (messages: readonly TUniversalMessage[]): TScriptedStep => {
    const index = (messages.length - 1) / 2
    return callsTool(index, rounds)
      ? { text: ROUND_TEXT, toolCalls: [{ name: TOOL_NAME, arguments: toolArguments(index) }] }
      : { text: FINAL_TEXT }
  }
  return new Array<TScriptedStepSource>(rounds).fill(nextStep)
}

function createAgent(steps: TScriptedStepSource[], withTool: boolean): Robota {
  // The scripted model keeps no call log: keeping every call is the fake's cost, not the loop's.
  const provider = new ScriptedProvider(steps, { recordCalls: false })
  return new Robota({
    name: 'bench',
    aiProviders: [provider],
    defaultModel: { provider: provider.name, model: 'scripted' },
    tools: withTool ? [addTool] : [],
    maxExecutionRounds: 0
  })
}

/** Ours: `Robota.run` over `ScriptedProvider`, with a replay-event listener attached. */
export function createRobotaScenario(): TBenchScenario {
  return {
    library: 'robota',
    async runLoop(rounds) {
      const agent = createAgent(scriptRounds(rounds), true)
      let events = 0
      const result = await agent.run('go', { onExecutionEvent: () => events++ })
      return { toolExecutions: result.toolsExecuted.length, retained: { agent, result } }
    },
    async streamRound(deltas) {
      const agent = createAgent([{ text: [...deltas] }], false)
      let received = 0
      await agent.run('stream', { onTextDelta: () => received++ })
      return received
    }
  }
}
