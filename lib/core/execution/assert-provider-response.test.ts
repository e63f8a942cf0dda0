import { describe, expect, it } from 'vitest'
import { describeHistoryProblems } from '../../testing/suite-totals-history-checks.ts'
import { AbstractAIProvider } from '../abstract-ai-provider.ts'
import { createAssistantMessage, type TToolCall } from '../messages.ts'
import type { TProviderResponse } from '../provider.ts'
import { Robota } from '../robota.ts'
import type { ITool } from '../tool.ts'

const lookup: ITool = {
  schema: { name: 'lookup', description: 'Looks a word up', parameters: { type: 'object', properties: {} } },
  async execute() {
    return { success: true, data: 'found' }
  }
}

/** A hand-written provider whose first reply is `first`, then a plain answer. */
class HandWrittenProvider extends AbstractAIProvider {
  readonly name = 'hand-written'
  private replies: unknown[]
  constructor(first: unknown) {
    super()
    this.replies = [first, createAssistantMessage('Fine now.')]
  }
  async chat(): Promise<TProviderResponse> {
    return this.replies.shift() as TProviderResponse
  }
}

async function runWith(first: unknown) {
  const agent = new Robota({ name: 'agent', aiProviders: [new HandWrittenProvider(first)], defaultModel: { provider: 'hand-written', model: 'm' }, tools: [lookup] })
  return { agent, result: await agent.run('hi') }
}

describe('a provider reply no assistant message can be made of', () => {
  it.each([
    ['undefined', undefined, 'hand-written.chat() resolved undefined; it must resolve an assistant message.'],
    ['a string', 'hello', 'hand-written.chat() resolved string; it must resolve an assistant message.'],
    ['a tool call without a name', createAssistantMessage('', { toolCalls: [{ id: 'c1', arguments: {} } as unknown as TToolCall] }), 'resolved toolCalls[0] without an id, a name or arguments'],
    ['a tool call without an id', createAssistantMessage('', { toolCalls: [{ name: 'lookup', arguments: {} } as unknown as TToolCall] }), 'resolved toolCalls[0] without an id, a name or arguments'],
    ['arguments left as JSON text', createAssistantMessage('', { toolCalls: [{ id: 'c1', name: 'lookup', arguments: '{}' } as unknown as TToolCall] }), 'resolved toolCalls[0] without an id, a name or arguments'],
    ['tool calls that are no list', { role: 'assistant', content: '', toolCalls: { id: 'c1' } }, 'resolved toolCalls that is no array']
  ])('fails the run as a provider fault naming what was wrong: %s', async (_, reply, says) => {
    const { agent, result } = await runWith(reply)
    expect(result.error).toMatchObject({ code: 'PROVIDER_ERROR', details: { provider: 'hand-written' } })
    expect(result.error?.message).toContain(says)
    expect(describeHistoryProblems(agent.getHistory())).toEqual([])
    // The agent keeps working: the next run gets the provider's next reply.
    expect((await agent.run('again')).response).toBe('Fine now.')
  })
})
