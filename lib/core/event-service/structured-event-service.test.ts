import { describe, expect, it } from 'vitest'
import { DEFAULT_EVENT_SERVICE, DefaultEventService } from './default-event-service.ts'
import type { IOwnerPathSegment, TStructuredEvent } from './event-service.ts'
import { StructuredEventService } from './structured-event-service.ts'

function makeService(ownerPath?: IOwnerPathSegment[]) {
  const events: TStructuredEvent[] = []
  const service = new StructuredEventService({ onEvent: (event) => events.push(event), ownerPath, now: () => 1234 })
  return { service, events }
}

const agent = { ownerType: 'agent', ownerId: 'agent-1' }
const tool = { ownerType: 'tool', ownerId: 'call_0' }

describe('StructuredEventService', () => {
  it.each<[string, IOwnerPathSegment[] | undefined, string, string, string]>([
    ['leaves a root event unprefixed', undefined, 'user.input', 'user.input', 'user.input'],
    ['prefixes with the owner type', [agent], 'completion', 'agent.completion', 'completion'],
    ['prefixes with the last owner of a path', [agent, tool], 'execute_start', 'tool.execute_start', 'execute_start'],
    ['does not prefix twice', [agent], 'agent.created', 'agent.created', 'created'],
    ['prefixes a name that only looks owned', [agent], 'agents.created', 'agent.agents.created', 'agents.created']
  ])('%s', (_label, ownerPath, eventType, type, localName) => {
    const { service, events } = makeService(ownerPath)
    service.emit(eventType, { value: 1 })
    expect(events).toEqual([
      {
        type,
        localName,
        ...(ownerPath ? { ownerType: ownerPath.at(-1)?.ownerType, ownerId: ownerPath.at(-1)?.ownerId } : {}),
        ownerPath: ownerPath ?? [],
        timestamp: 1234,
        data: { value: 1 }
      }
    ])
  })

  it('uses the context owner path over its own', () => {
    const { service, events } = makeService([agent])
    service.emit('execute_start', {}, { ownerPath: [agent, tool] })
    expect(events[0]).toMatchObject({ type: 'tool.execute_start', ownerId: 'call_0', ownerPath: [agent, tool] })
  })

  it('copies owner paths, so later mutation does not rewrite sent events', () => {
    const constructorPath = [{ ...agent }]
    const { service, events } = makeService(constructorPath)
    const contextPath = [{ ...agent }, { ...tool }]
    service.emit('a', {})
    service.emit('b', {}, { ownerPath: contextPath })
    constructorPath[0]!.ownerId = 'changed'
    contextPath[1]!.ownerId = 'changed'
    contextPath.push({ ownerType: 'extra', ownerId: 'x' })
    expect(events.map((event) => event.ownerPath)).toEqual([[agent], [agent, tool]])
    expect(service.ownerPath).toEqual([agent])
  })

  it('emits plain objects that survive structured clone unchanged', () => {
    const { service, events } = makeService([agent, tool])
    service.emit('execute_success', { result: { files: ['a.txt'] } })
    expect(structuredClone(events[0])).toEqual(events[0])
  })

  it('stamps events with Date.now by default', () => {
    const events: TStructuredEvent[] = []
    const before = Date.now()
    new StructuredEventService({ onEvent: (event) => events.push(event) }).emit('x', {})
    expect(events[0]?.timestamp).toBeGreaterThanOrEqual(before)
    expect(events[0]?.timestamp).toBeLessThanOrEqual(Date.now())
  })
})

describe('DefaultEventService', () => {
  it('accepts any event and returns nothing', () => {
    expect(new DefaultEventService().emit('agent.created', { a: 1 }, { ownerPath: [agent] })).toBeUndefined()
    expect(DEFAULT_EVENT_SERVICE.emit('x', {})).toBeUndefined()
    expect(DEFAULT_EVENT_SERVICE.ownerPath).toBeUndefined()
  })
})
