import { describe, expect, it } from 'vitest'
import { ScriptedProvider } from '../testing/scripted-provider.ts'
import type { TStructuredEvent } from './event-service/event-service.ts'
import { StructuredEventService } from './event-service/structured-event-service.ts'
import { Robota } from './robota.ts'
import type { ITool } from './tool.ts'

const tools: ITool[] = [
  { schema: { name: 'echo', description: 'Echoes', parameters: { type: 'object', properties: {} } }, execute: async (parameters) => ({ success: true, data: parameters }) },
  { schema: { name: 'fail', description: 'Fails', parameters: { type: 'object', properties: {} } }, execute: async () => ({ success: false, error: 'broken' }) }
]

describe('Robota with an event service', () => {
  it('emits execution and tool events, each with its owner path', async () => {
    const events: TStructuredEvent[] = []
    const provider = new ScriptedProvider([
      { toolCalls: [{ id: 'call_1', name: 'echo', arguments: { a: 1 } }, { id: 'call_2', name: 'fail', arguments: {} }] },
      { text: 'done' }
    ])
    const agent = new Robota({
      name: 'observed',
      sessionId: 's1',
      aiProviders: [provider],
      defaultModel: { provider: provider.name, model: 'm' },
      tools,
      eventService: new StructuredEventService({ onEvent: (event) => events.push(event), now: () => 7 })
    })
    await agent.run('go')

    expect(events.map((event) => event.type)).toEqual([
      'execution.start',
      'tool.execute_start',
      'tool.execute_success',
      'tool.execute_start',
      'tool.execute_error',
      'execution.complete'
    ])
    const executionId = (events[0]?.data as { executionId: string }).executionId
    expect(events[0]).toEqual({
      type: 'execution.start',
      localName: 'start',
      ownerType: 'execution',
      ownerId: executionId,
      ownerPath: [{ ownerType: 'agent', ownerId: 'observed' }, { ownerType: 'execution', ownerId: executionId }],
      timestamp: 7,
      data: { executionId, sessionId: 's1', input: 'go' }
    })
    expect(events[2]).toMatchObject({
      ownerPath: [{ ownerType: 'agent', ownerId: 'observed' }, { ownerType: 'execution', ownerId: executionId }, { ownerType: 'tool', ownerId: 'call_1' }],
      data: { toolName: 'echo', toolCallId: 'call_1', result: { a: 1 } }
    })
    expect(events[4]?.data).toEqual({ toolName: 'fail', toolCallId: 'call_2', error: 'broken' })
    expect(events[5]?.data).toEqual({ executionId, response: 'done', interrupted: false, toolsExecuted: ['echo', 'fail'] })
  })

  it('keeps running when the event service throws', async () => {
    const provider = new ScriptedProvider([{ text: 'still fine' }])
    const agent = new Robota({
      name: 'observed',
      aiProviders: [provider],
      defaultModel: { provider: provider.name, model: 'm' },
      eventService: {
        emit() {
          throw new Error('observer broke')
        }
      }
    })
    expect((await agent.run('go')).response).toBe('still fine')
  })
})
