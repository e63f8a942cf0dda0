import { describe, expect, it } from 'vitest'
import { ScriptedProvider, type TScriptedStep } from '../testing/scripted-provider.ts'
import { describeHistoryProblems } from '../testing/suite-totals-history-checks.ts'
import type { TExecutionEventEnvelope, TExecutionEventType } from './execution-events.ts'
import type { TUniversalMessage } from './messages.ts'
import { Robota } from './robota.ts'
import type { ITool } from './tool.ts'

// Failures outside the model (a caller's callback throws, a tool's result cannot become text)
// leave a valid history, every tool call answered, and a run that returns rather than throws.

// The model asks for one tool on the first prompt, answers after a tool result, and answers
// any later prompt in one go: where a failed run stopped does not change what comes next.
function makeAgent(ran: string[]) {
  const step = (messages: readonly TUniversalMessage[]): TScriptedStep => {
    const last = messages[messages.length - 1]
    if (last?.role === 'user' && last.content === 'list files') {
      return { text: ['Let me ', 'look.'], toolCalls: [{ id: 'toolu_1', name: 'ls', arguments: {} }] }
    }
    if (last?.role === 'tool') return { text: 'Two files.' }
    return { text: 'Still here.' }
  }
  const provider = new ScriptedProvider(Array.from({ length: 6 }, () => step))
  const ls: ITool = {
    schema: { name: 'ls', description: 'Lists files', parameters: { type: 'object', properties: {} } },
    async execute() {
      ran.push('ls')
      return { success: true, data: 'a.txt b.txt' }
    }
  }
  const agent = new Robota({
    name: 'callbacks',
    aiProviders: [provider],
    defaultModel: { provider: provider.name, model: 'scripted-model' },
    tools: [ls]
  })
  return { agent, provider }
}

const TOOL_ROUND_EVENTS: TExecutionEventType[] = [
  'history_mutation',
  'provider_request',
  'provider_stream_raw_delta',
  'provider_response_raw',
  'provider_response_normalized',
  'assistant_message_committed',
  'tool_batch_started',
  'tool_execution_request',
  'tool_execution_result',
  'tool_message_committed'
]

describe('a run whose caller callback throws', () => {
  it.each(TOOL_ROUND_EVENTS)(
    'returns a result naming the failure and leaves a valid history when the event listener throws at %s',
    async (failingType) => {
      const ran: string[] = []
      const { agent, provider } = makeAgent(ran)
      const seen: TExecutionEventType[] = []
      const result = await agent.run('list files', {
        onExecutionEvent: (event: TExecutionEventEnvelope) => {
          seen.push(event.type)
          if (event.type === failingType) throw new Error('listener broke')
        }
      })

      expect(result.interrupted).toBe(true)
      expect(result.response).toBe(`Error: the run stopped because the onExecutionEvent listener threw at "${failingType}": listener broke`)
      expect(describeHistoryProblems(result.history)).toEqual([])
      // A broken listener is not called again: the run stops rather than failing once per event.
      expect(seen.filter((type) => type === failingType)).toHaveLength(1)
      // Tools that had not started when the listener failed do not run.
      if (TOOL_ROUND_EVENTS.indexOf(failingType) <= TOOL_ROUND_EVENTS.indexOf('tool_execution_request')) {
        expect(ran).toEqual([])
      }

      const next = await agent.run('still there?')
      expect(next.response).toBe('Still here.')
      const sent = provider.calls[provider.calls.length - 1]?.messages ?? []
      expect(describeHistoryProblems(sent)).toEqual([])
      expect(sent[sent.length - 1]).toMatchObject({ role: 'user', content: 'still there?' })
    }
  )

  it('answers a skipped tool call with the reason the run stopped, not as the user interrupting', async () => {
    const { agent } = makeAgent([])
    const result = await agent.run('list files', {
      onExecutionEvent: (event) => {
        if (event.type === 'tool_batch_started') throw new Error('listener broke')
      }
    })
    const toolMessage = result.history.find((message) => message.role === 'tool')
    expect(toolMessage?.content).toBe(
      'Error: Not executed: the run stopped because the onExecutionEvent listener threw at "tool_batch_started": listener broke'
    )
    // Stopped for a failure, not by the caller: the call is not marked interrupted.
    expect(toolMessage?.state).toBe('complete')
  })

  it('treats a throwing onTextDelta callback the same way', async () => {
    const ran: string[] = []
    const { agent } = makeAgent(ran)
    const result = await agent.run('list files', {
      onTextDelta: () => {
        throw new Error('renderer broke')
      }
    })
    expect(result.interrupted).toBe(true)
    expect(result.response).toBe('Error: the run stopped because the onTextDelta callback threw: renderer broke')
    expect(describeHistoryProblems(result.history)).toEqual([])
    expect(ran).toEqual([])
    expect((await agent.run('still there?')).response).toBe('Still here.')
  })
})

function circular(): Record<string, unknown> {
  const node: Record<string, unknown> = {}
  node.self = node
  return node
}

describe('a run whose tool returns data JSON cannot hold', () => {
  it.each([
    { label: 'a BigInt', data: { count: 10n } },
    { label: 'a circular object', data: circular() }
  ])('answers the call with a failed result naming why, for $label', async ({ data }) => {
    const provider = new ScriptedProvider([{ toolCalls: [{ id: 'toolu_1', name: 'count', arguments: {} }] }, { text: 'Sorry.' }])
    const count: ITool = {
      schema: { name: 'count', description: 'Counts', parameters: { type: 'object', properties: {} } },
      async execute() {
        return { success: true, data }
      }
    }
    const agent = new Robota({ name: 'results', aiProviders: [provider], defaultModel: { provider: provider.name, model: 'scripted-model' }, tools: [count] })
    const result = await agent.run('count')
    expect(result.response).toBe('Sorry.')
    expect(describeHistoryProblems(result.history)).toEqual([])
    expect(result.history.find((message) => message.role === 'tool')?.content).toMatch(/^Error: the tool's result could not be turned into text: /)
  })
})
