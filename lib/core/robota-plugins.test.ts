import { describe, expect, it } from 'vitest'
import { ScriptedProvider } from '../testing/scripted-provider.ts'
import { AbstractPlugin } from './plugins/abstract-plugin.ts'
import { EventEmitterPlugin } from './plugins/event-emitter-plugin.ts'
import type { TPluginExecutionContext, TPluginToolCall, TPluginToolResult } from './plugins/plugin-context.ts'
import { PluginPriority } from './plugins/plugin-priority.ts'
import { Robota } from './robota.ts'
import type { ITool } from './tool.ts'

const echo: ITool = {
  schema: { name: 'echo', description: 'Echoes', parameters: { type: 'object', properties: {} } },
  async execute(parameters) {
    return { success: true, data: parameters }
  }
}

class RecordingPlugin extends AbstractPlugin {
  readonly calls: string[] = []
  constructor(
    readonly name: string,
    override readonly priority: number
  ) {
    super()
  }
  override beforeRun(context: TPluginExecutionContext) {
    this.calls.push(`${this.name}:beforeRun:${context.input}`)
  }
  override onStreamChunk(_context: TPluginExecutionContext, chunk: string) {
    this.calls.push(`${this.name}:chunk:${chunk}`)
  }
  override beforeToolExecution(_context: TPluginExecutionContext, call: TPluginToolCall) {
    this.calls.push(`${this.name}:beforeTool:${call.toolName}`)
  }
  override afterToolExecution(_context: TPluginExecutionContext, call: TPluginToolCall, result: TPluginToolResult) {
    this.calls.push(`${this.name}:afterTool:${call.toolName}:${result.success}`)
  }
  override afterRun(_context: TPluginExecutionContext, result: { response: string }) {
    this.calls.push(`${this.name}:afterRun:${result.response}`)
  }
  override onError(_context: TPluginExecutionContext, error: unknown) {
    this.calls.push(`${this.name}:onError:${(error as Error).message}`)
  }
}

function agentWith(steps: ConstructorParameters<typeof ScriptedProvider>[0], plugins: AbstractPlugin[], onPluginError?: (error: Error) => void) {
  const provider = new ScriptedProvider(steps)
  return new Robota({
    name: 'plugged',
    aiProviders: [provider],
    defaultModel: { provider: 'scripted', model: 'm' },
    tools: [echo],
    plugins,
    ...(onPluginError ? { onPluginError } : {})
  })
}

describe('Robota plugins', () => {
  it('runs every lifecycle hook in order, highest priority first', async () => {
    const low = new RecordingPlugin('low', PluginPriority.LOW)
    const high = new RecordingPlugin('high', PluginPriority.HIGH)
    await agentWith([{ text: ['a', 'b'], toolCalls: [{ name: 'echo', arguments: {} }] }, { text: 'done' }], [low, high]).run('go')
    expect(high.calls).toEqual([
      'high:beforeRun:go',
      'high:chunk:a',
      'high:chunk:b',
      'high:beforeTool:echo',
      'high:afterTool:echo:true',
      'high:chunk:done',
      'high:afterRun:done'
    ])
    expect(low.calls).toEqual(high.calls.map((call) => call.replace('high:', 'low:')))
  })

  it('tells plugins about a provider failure, and a throwing plugin never breaks the run', async () => {
    class Broken extends AbstractPlugin {
      readonly name = 'broken'
      override beforeRun(): void {
        throw new Error('plugin bug')
      }
    }
    const recorder = new RecordingPlugin('rec', PluginPriority.NORMAL)
    const failures: string[] = []
    const result = await agentWith([{ error: new Error('upstream 500') }], [new Broken(), recorder], (error) => failures.push(error.message)).run('go')
    expect(result.response).toMatch(/upstream 500/)
    expect(failures).toEqual(['Plugin "broken" failed in beforeRun: plugin bug'])
    expect(recorder.calls).toContain('rec:onError:upstream 500')
  })

  it('drives the built-in event emitter', async () => {
    const emitter = new EventEmitterPlugin()
    const seen: string[] = []
    for (const name of ['execution.start', 'tool.execute_start', 'tool.execute_success', 'execution.complete'] as const) {
      emitter.on(name, (event) => {
        seen.push(event.type)
      })
    }
    await agentWith([{ toolCalls: [{ name: 'echo', arguments: {} }] }, { text: 'ok' }], [emitter]).run('go')
    expect(seen).toEqual(['execution.start', 'tool.execute_start', 'tool.execute_success', 'execution.complete'])
  })

  it('lets plugins rewrite the input, in priority order, each seeing the one before', async () => {
    const provider = new ScriptedProvider([{ text: 'ok' }])
    const agent = new Robota({
      name: 'plugged',
      aiProviders: [provider],
      defaultModel: { provider: 'scripted', model: 'm' },
      plugins: [
        { name: 'suffix', category: 'custom', priority: PluginPriority.LOW, beforeRun: (context) => ({ input: `${context.input}!` }) },
        { name: 'upper', category: 'custom', priority: PluginPriority.HIGH, beforeRun: (context) => ({ input: context.input.toUpperCase() }) }
      ]
    })
    const result = await agent.run('hello')
    expect(provider.calls[0]?.messages.at(-1)?.content).toBe('HELLO!')
    expect(result.history[0]?.content).toBe('HELLO!')
  })

  it('lets a plugin block a run: no provider call, nothing committed, the reason in the result', async () => {
    const provider = new ScriptedProvider([{ text: 'never' }])
    const later = new RecordingPlugin('later', PluginPriority.LOW)
    const agent = new Robota({
      name: 'plugged',
      aiProviders: [provider],
      defaultModel: { provider: 'scripted', model: 'm' },
      plugins: [{ name: 'guard', category: 'custom', priority: PluginPriority.HIGH, beforeRun: () => ({ block: 'no secrets please' }) }, later]
    })
    const result = await agent.run('my password is hunter2')
    expect(provider.calls).toHaveLength(0)
    expect(result).toMatchObject({ blockedReason: 'no secrets please', history: [], toolsExecuted: [] })
    expect(result.response).toBe('The run was blocked by the plugin "guard": no secrets please')
    expect(later.calls).toEqual([])
  })

  it('lets a plugin rewrite a tool call’s parameters, and the replay log records what ran', async () => {
    const seen: unknown[] = []
    const provider = new ScriptedProvider([{ toolCalls: [{ name: 'echo', arguments: { path: '/etc/passwd' } }] }, { text: 'done' }])
    const events: Array<{ type: string; data: unknown }> = []
    const agent = new Robota({
      name: 'plugged',
      aiProviders: [provider],
      defaultModel: { provider: 'scripted', model: 'm' },
      tools: [{ schema: echo.schema, execute: async (parameters) => (seen.push(parameters), { success: true, data: parameters }) }],
      plugins: [{ name: 'jail', category: 'custom', priority: PluginPriority.NORMAL, beforeToolExecution: () => ({ parameters: { path: '/workspace/passwd' } }) }]
    })
    await agent.run('go', { onExecutionEvent: (event) => events.push(event) })
    expect(seen).toEqual([{ path: '/workspace/passwd' }])
    expect(events.find((event) => event.type === 'tool_execution_request')?.data).toMatchObject({ parameters: { path: '/workspace/passwd' } })
  })

  it('lets a plugin block a tool call: the tool does not run and the model is told why', async () => {
    let ran = false
    const provider = new ScriptedProvider([{ toolCalls: [{ name: 'echo', arguments: {} }] }, { text: 'understood' }])
    const agent = new Robota({
      name: 'plugged',
      aiProviders: [provider],
      defaultModel: { provider: 'scripted', model: 'm' },
      tools: [{ schema: echo.schema, execute: async () => ((ran = true), { success: true, data: 'ran' }) }],
      plugins: [{ name: 'policy', category: 'custom', priority: PluginPriority.NORMAL, beforeToolExecution: (_context, call) => ({ block: `${call.toolName} is off today` }) }]
    })
    const result = await agent.run('go')
    expect(ran).toBe(false)
    expect(result.toolsExecuted).toEqual([])
    expect(result.history.find((message) => message.role === 'tool')?.content).toBe('Error: Not executed: the plugin "policy" blocked this call: echo is off today')
  })

  it('lets plugins replace a tool outcome and the run’s response, and reports a decision a hook does not take', async () => {
    const failures: string[] = []
    const provider = new ScriptedProvider([{ toolCalls: [{ name: 'echo', arguments: { secret: 'x' } }] }, { text: 'raw answer' }])
    const agent = new Robota({
      name: 'plugged',
      aiProviders: [provider],
      defaultModel: { provider: 'scripted', model: 'm' },
      tools: [echo],
      onPluginError: (error) => failures.push(error.message),
      plugins: [
        {
          name: 'scrub',
          category: 'custom',
          priority: PluginPriority.NORMAL,
          afterToolExecution: () => ({ result: { success: true, result: 'scrubbed' } }),
          afterRun: (_context, result) => ({ response: `[checked] ${result.response}` })
        },
        { name: 'odd', category: 'custom', priority: PluginPriority.LOW, beforeRun: () => ({ input: 42 }) as never }
      ]
    })
    const result = await agent.run('go')
    expect(result.history.find((message) => message.role === 'tool')?.content).toBe('scrubbed')
    expect(result.response).toBe('[checked] raw answer')
    expect(result.history.at(-1)?.content).toBe('raw answer')
    expect(failures).toEqual(['Plugin "odd" returned a decision beforeRun does not take; it was ignored.'])
  })
})
