import { describe, expect, it } from 'vitest'
import { ScriptedProvider } from '../testing/scripted-provider.ts'
import { AbstractPlugin } from './plugins/abstract-plugin.ts'
import { EventEmitterPlugin } from './plugins/event-emitter-plugin.ts'
import type { IPluginExecutionContext, IPluginToolCall, IPluginToolResult } from './plugins/plugin-context.ts'
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
  override beforeRun(context: IPluginExecutionContext) {
    this.calls.push(`${this.name}:beforeRun:${context.input}`)
  }
  override onStreamChunk(_context: IPluginExecutionContext, chunk: string) {
    this.calls.push(`${this.name}:chunk:${chunk}`)
  }
  override beforeToolExecution(_context: IPluginExecutionContext, call: IPluginToolCall) {
    this.calls.push(`${this.name}:beforeTool:${call.toolName}`)
  }
  override afterToolExecution(_context: IPluginExecutionContext, call: IPluginToolCall, result: IPluginToolResult) {
    this.calls.push(`${this.name}:afterTool:${call.toolName}:${result.success}`)
  }
  override afterRun(_context: IPluginExecutionContext, result: { response: string }) {
    this.calls.push(`${this.name}:afterRun:${result.response}`)
  }
  override onError(_context: IPluginExecutionContext, error: unknown) {
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
})
