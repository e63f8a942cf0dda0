import { describe, expect, it } from 'vitest'
import { bindWithOwnerPath } from './bind-with-owner-path.ts'
import { DEFAULT_EVENT_SERVICE } from './default-event-service.ts'
import type { TEventContext, IEventService, IOwnerPathSegment, TStructuredEvent, TEventData } from './event-service.ts'
import { StructuredEventService } from './structured-event-service.ts'

const agent = { ownerType: 'agent', ownerId: 'agent-1' }
const execution = { ownerType: 'execution', ownerId: 'exec-1' }
const tool = { ownerType: 'tool', ownerId: 'call_0' }

function makeRoot(ownerPath: IOwnerPathSegment[] = []) {
  const events: TStructuredEvent[] = []
  const root = new StructuredEventService({ onEvent: (event) => events.push(event), ownerPath, now: () => 0 })
  return { root, events }
}

describe('bindWithOwnerPath', () => {
  it.each<[string, IOwnerPathSegment[], IOwnerPathSegment[], string]>([
    ['binds one owner below the root', [], [agent], 'agent.completion'],
    ['nests two owners', [], [agent, tool], 'tool.completion'],
    ['nests three owners', [], [agent, execution, tool], 'tool.completion'],
    ['extends a root that already has a path', [agent], [execution], 'execution.completion']
  ])('%s', (_label, rootPath, segments, type) => {
    const { root, events } = makeRoot(rootPath)
    const bound = segments.reduce<IEventService>((service, segment) => bindWithOwnerPath(service, segment), root)
    bound.emit('completion', { ok: true })
    const expectedPath = [...rootPath, ...segments]
    expect(bound.ownerPath).toEqual(expectedPath)
    expect(events).toEqual([
      {
        type,
        localName: 'completion',
        ownerType: expectedPath.at(-1)?.ownerType,
        ownerId: expectedPath.at(-1)?.ownerId,
        ownerPath: expectedPath,
        timestamp: 0,
        data: { ok: true }
      }
    ])
  })

  it('leaves the parent service and its path unchanged', () => {
    const { root, events } = makeRoot()
    const agentService = bindWithOwnerPath(root, agent)
    bindWithOwnerPath(agentService, tool).emit('execute_start', {})
    agentService.emit('completion', {})
    expect(agentService.ownerPath).toEqual([agent])
    expect(events.map((event) => [event.type, event.ownerPath.length])).toEqual([
      ['tool.execute_start', 2],
      ['agent.completion', 1]
    ])
  })

  it('copies the segment, so mutating it later changes nothing', () => {
    const { root, events } = makeRoot()
    const segment = { ...tool }
    const bound = bindWithOwnerPath(root, segment)
    segment.ownerId = 'changed'
    bound.emit('x', {})
    expect(events[0]?.ownerPath).toEqual([tool])
  })

  it('forwards to any IEventService, passing the full path in the context', () => {
    const calls: Array<[string, TEventData, TEventContext | undefined]> = []
    const recorder: IEventService = { emit: (eventType, data, context) => void calls.push([eventType, data, context]) }
    bindWithOwnerPath(bindWithOwnerPath(recorder, agent), tool).emit('execute_start', { n: 1 })
    expect(calls).toEqual([['execute_start', { n: 1 }, { ownerPath: [agent, tool] }]])
  })

  it('keeps a caller-supplied path from the context', () => {
    const { root, events } = makeRoot()
    bindWithOwnerPath(root, agent).emit('execute_start', {}, { ownerPath: [execution, tool] })
    expect(events[0]?.ownerPath).toEqual([execution, tool])
  })

  it('binds the null object without emitting anything', () => {
    const bound = bindWithOwnerPath(DEFAULT_EVENT_SERVICE, agent)
    expect(bound.ownerPath).toEqual([agent])
    expect(() => bound.emit('completion', {})).not.toThrow()
  })
})
