import { describe, expect, it } from 'vitest'
import { ToolExecutionError } from '../errors.ts'
import {
  EVENT_EMITTER_EVENT_NAMES,
  type TEventEmitterEventOf,
  type TEventEmitterEventName
} from './event-emitter-events.ts'
import { EventEmitterPlugin } from './event-emitter-plugin.ts'
import { PluginCategory } from './plugin-category.ts'
import type { TPluginExecutionContext } from './plugin-context.ts'
import { PluginPriority } from './plugin-priority.ts'
import { PluginRunner } from './plugin-runner.ts'

const context: TPluginExecutionContext = {
  executionId: 'exec-1',
  sessionId: 'session-1',
  input: 'List files',
  round: 2
}
const call = { toolName: 'Bash', toolCallId: 'call_0', parameters: { command: 'ls' } }

/** Subscribes to every event name and collects what arrives. */
function collect(plugin: EventEmitterPlugin): TEventEmitterEventOf<TEventEmitterEventName>[] {
  const events: TEventEmitterEventOf<TEventEmitterEventName>[] = []
  for (const name of EVENT_EMITTER_EVENT_NAMES) plugin.on(name, (event) => void events.push(event))
  return events
}

describe('EventEmitterPlugin', () => {
  it.each<[string, (plugin: EventEmitterPlugin) => void, TEventEmitterEventName, Record<string, unknown>]>([
    ['beforeRun', (plugin) => plugin.beforeRun(context), 'execution.start', { input: 'List files' }],
    [
      'afterRun',
      (plugin) => plugin.afterRun(context, { response: 'Done.', toolsExecuted: ['Bash'] }),
      'execution.complete',
      { response: 'Done.', interrupted: false, toolsExecuted: ['Bash'] }
    ],
    [
      'afterRun (interrupted)',
      (plugin) => plugin.afterRun(context, { response: 'Par', interrupted: true, toolsExecuted: [] }),
      'execution.complete',
      { response: 'Par', interrupted: true, toolsExecuted: [] }
    ],
    [
      'onError',
      (plugin) => plugin.onError(context, new ToolExecutionError('disk full')),
      'execution.error',
      { error: { name: 'ToolExecutionError', message: 'disk full', code: 'TOOL_EXECUTION_ERROR' } }
    ],
    [
      'onError (non-Error)',
      (plugin) => plugin.onError(context, 42),
      'execution.error',
      { error: { name: 'Error', message: '42' } }
    ],
    ['onStreamChunk', (plugin) => plugin.onStreamChunk(context, 'Hel'), 'agent.stream_chunk', { chunk: 'Hel' }],
    [
      'beforeToolExecution',
      (plugin) => plugin.beforeToolExecution(context, call),
      'tool.execute_start',
      { toolName: 'Bash', toolCallId: 'call_0', parameters: { command: 'ls' } }
    ],
    [
      'afterToolExecution (success)',
      (plugin) => plugin.afterToolExecution(context, call, { success: true, result: { stdout: 'a.txt' } }),
      'tool.execute_success',
      { toolName: 'Bash', toolCallId: 'call_0', result: { stdout: 'a.txt' } }
    ],
    [
      'afterToolExecution (failure)',
      (plugin) => plugin.afterToolExecution(context, call, { success: false, error: 'exit 1' }),
      'tool.execute_error',
      { toolName: 'Bash', toolCallId: 'call_0', error: 'exit 1' }
    ],
    [
      'afterToolExecution (failure without message)',
      (plugin) => plugin.afterToolExecution(context, call, { success: false }),
      'tool.execute_error',
      { toolName: 'Bash', toolCallId: 'call_0', error: 'Tool execution failed.' }
    ]
  ])('%s emits one %s event carrying the run context', (_hook, fire, type, data) => {
    const plugin = new EventEmitterPlugin()
    const events = collect(plugin)
    fire(plugin)
    expect(events).toEqual([
      { type, timestamp: expect.any(Number), executionId: 'exec-1', sessionId: 'session-1', round: 2, data }
    ])
  })

  it('delivers only to listeners of that event name', () => {
    const plugin = new EventEmitterPlugin()
    const starts: string[] = []
    const chunks: string[] = []
    plugin.on('execution.start', (event) => void starts.push(event.data.input))
    plugin.on('agent.stream_chunk', (event) => void chunks.push(event.data.chunk))
    plugin.onStreamChunk(context, 'a')
    plugin.onStreamChunk(context, 'b')
    expect(starts).toEqual([])
    expect(chunks).toEqual(['a', 'b'])
  })

  it('omits round when the context has none', () => {
    const plugin = new EventEmitterPlugin()
    const events = collect(plugin)
    plugin.beforeRun({ executionId: 'e', sessionId: 's', input: 'x' })
    expect(events[0]).not.toHaveProperty('round')
  })

  it('stops delivering after off() or the returned unsubscribe function', () => {
    const plugin = new EventEmitterPlugin()
    const received: string[] = []
    const listener = () => void received.push('off-listener')
    plugin.on('agent.stream_chunk', listener)
    const unsubscribe = plugin.on('agent.stream_chunk', () => void received.push('unsubscribed'))
    plugin.onStreamChunk(context, 'first')
    plugin.off('agent.stream_chunk', listener)
    unsubscribe()
    plugin.onStreamChunk(context, 'second')
    expect(received).toEqual(['off-listener', 'unsubscribed'])
  })

  it('isolates a throwing listener: the others still run and the error is reported', () => {
    const failures: Array<[unknown, TEventEmitterEventName]> = []
    const plugin = new EventEmitterPlugin({ onListenerError: (error, name) => failures.push([error, name]) })
    const received: string[] = []
    const broken = new Error('listener broke')
    plugin.on('execution.start', () => {
      throw broken
    })
    plugin.on('execution.start', () => void received.push('second'))
    expect(() => plugin.beforeRun(context)).not.toThrow()
    expect(received).toEqual(['second'])
    expect(failures).toEqual([[broken, 'execution.start']])
  })

  it('reports a rejecting async listener instead of leaving the rejection unhandled', async () => {
    const failures: unknown[] = []
    const plugin = new EventEmitterPlugin({ onListenerError: (error) => failures.push(error) })
    const broken = new Error('async listener broke')
    plugin.on('execution.start', async () => {
      throw broken
    })
    plugin.beforeRun(context)
    await Promise.resolve()
    await Promise.resolve()
    expect(failures).toEqual([broken])
  })

  it('survives a throwing error reporter', () => {
    const plugin = new EventEmitterPlugin({
      onListenerError: () => {
        throw new Error('reporter broke')
      }
    })
    plugin.on('execution.start', () => {
      throw new Error('listener broke')
    })
    expect(() => plugin.beforeRun(context)).not.toThrow()
  })

  it('emits plain objects that survive structured clone unchanged', () => {
    const plugin = new EventEmitterPlugin()
    const events = collect(plugin)
    plugin.onError(context, new ToolExecutionError('disk full'))
    plugin.beforeToolExecution(context, call)
    expect(events.map((event) => structuredClone(event))).toEqual(events)
  })

  it('is an event-processing plugin that runs first and works through the PluginRunner', async () => {
    const plugin = new EventEmitterPlugin()
    expect(plugin.category).toBe(PluginCategory.EVENT_PROCESSING)
    expect(plugin.priority).toBe(PluginPriority.HIGHEST)
    const events = collect(plugin)
    const runner = new PluginRunner([plugin])
    await runner.beforeRun(context)
    await runner.afterRun(context, { response: 'ok', toolsExecuted: [] })
    expect(events.map((event) => event.type)).toEqual(['execution.start', 'execution.complete'])
  })
})
