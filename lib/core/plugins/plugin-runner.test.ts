import { describe, expect, it } from 'vitest'
import { isRobotaError } from '../errors.ts'
import { AbstractPlugin, type IPluginContract, type TPluginHookName } from './abstract-plugin.ts'
import type { TPluginExecutionContext } from './plugin-context.ts'
import { PluginError } from './plugin-error.ts'
import { PluginRunner, runPluginHook, type TPluginHookArguments } from './plugin-runner.ts'

const context: TPluginExecutionContext = { executionId: 'exec-1', sessionId: 'session-1', input: 'hi', round: 1 }
const call = { toolName: 'echo', toolCallId: 'call_0', parameters: { text: 'ping' } }
const toolResult = { success: true, result: { echoed: 'ping' } }
const runResult = { response: 'done', toolsExecuted: ['echo'] }

/** A plugin that records every hook call as `name:hook` with its arguments. */
function recordingPlugin(name: string, priority: number, log: unknown[][]): IPluginContract {
  const record =
    (hook: TPluginHookName) =>
    (...args: unknown[]) => {
      log.push([`${name}:${hook}`, ...args])
    }
  return {
    name,
    category: 'custom',
    priority,
    beforeRun: record('beforeRun'),
    afterRun: record('afterRun'),
    onError: record('onError'),
    onStreamChunk: record('onStreamChunk'),
    beforeToolExecution: record('beforeToolExecution'),
    afterToolExecution: record('afterToolExecution')
  }
}

function failingPlugin(name: string, failure: () => Promise<void>): IPluginContract {
  return { name, category: 'custom', priority: 500, beforeRun: failure }
}

describe('PluginRunner', () => {
  const error = new Error('boom')
  it.each<{ [THook in TPluginHookName]: [THook, TPluginHookArguments[THook]] }[TPluginHookName]>([
    ['beforeRun', [context]],
    ['afterRun', [context, runResult]],
    ['onError', [context, error]],
    ['onStreamChunk', [context, 'Hel']],
    ['beforeToolExecution', [context, call]],
    ['afterToolExecution', [context, call, toolResult]]
  ])('runs %s on every plugin, highest priority first, with its arguments', async (hookName, args) => {
    const log: unknown[][] = []
    const runner = new PluginRunner([recordingPlugin('low', 1, log), recordingPlugin('high', 9, log)])
    await runPluginHook(runner.plugins, hookName, args)
    expect(log).toEqual([
      [`high:${hookName}`, ...args],
      [`low:${hookName}`, ...args]
    ])
  })

  it('offers each hook as a method', async () => {
    const log: unknown[][] = []
    const runner = new PluginRunner([recordingPlugin('only', 1, log)])
    await runner.beforeRun(context)
    await runner.onStreamChunk(context, 'chunk')
    await runner.beforeToolExecution(context, call)
    await runner.afterToolExecution(context, call, toolResult)
    await runner.afterRun(context, runResult)
    await runner.onError(context, error)
    expect(log.map((entry) => entry[0])).toEqual([
      'only:beforeRun',
      'only:onStreamChunk',
      'only:beforeToolExecution',
      'only:afterToolExecution',
      'only:afterRun',
      'only:onError'
    ])
  })

  it('awaits each plugin before starting the next', async () => {
    const steps: string[] = []
    const slow: IPluginContract = {
      name: 'slow',
      category: 'custom',
      priority: 2,
      async beforeRun() {
        steps.push('slow:start')
        await new Promise((resolve) => setTimeout(resolve, 5))
        steps.push('slow:end')
      }
    }
    const fast: IPluginContract = {
      name: 'fast',
      category: 'custom',
      priority: 1,
      beforeRun: () => void steps.push('fast')
    }
    await new PluginRunner([fast, slow]).beforeRun(context)
    expect(steps).toEqual(['slow:start', 'slow:end', 'fast'])
  })

  it('skips plugins that do not implement the hook', async () => {
    class OnlyAfter extends AbstractPlugin {
      readonly name = 'only-after'
      seen = 0
      override afterRun(): void {
        this.seen += 1
      }
    }
    const plugin = new OnlyAfter()
    const failures: PluginError[] = []
    const runner = new PluginRunner([plugin], { onPluginError: (failure) => failures.push(failure) })
    await runner.beforeRun(context)
    await runner.afterRun(context, runResult)
    expect(plugin.seen).toBe(1)
    expect(failures).toEqual([])
  })

  it.each([
    ['throws synchronously', () => { throw new Error('sync failure') }, 'sync failure'],
    ['rejects', () => Promise.reject(new Error('async failure')), 'async failure'],
    ['throws a non-Error', () => { throw 'plain string' }, 'plain string']
  ])('reports a hook that %s as a PluginError and runs the rest', async (_label, failure, reason) => {
    const log: unknown[][] = []
    const failures: PluginError[] = []
    const runner = new PluginRunner([failingPlugin('faulty', failure), recordingPlugin('after', 1, log)], {
      onPluginError: (pluginError) => failures.push(pluginError)
    })

    await expect(runner.beforeRun(context)).resolves.toEqual({ input: context.input })

    expect(log.map((entry) => entry[0])).toEqual(['after:beforeRun'])
    expect(failures).toHaveLength(1)
    const [pluginError] = failures
    expect(pluginError).toBeInstanceOf(PluginError)
    expect(pluginError).toMatchObject({
      code: 'PLUGIN_ERROR',
      category: 'system',
      recoverable: false,
      details: { pluginName: 'faulty', hookName: 'beforeRun' }
    })
    expect(pluginError?.message).toContain('faulty')
    expect(pluginError?.message).toContain(reason)
    expect(isRobotaError(pluginError)).toBe(true)
  })

  it('keeps the original error as the cause', async () => {
    const original = new Error('root cause')
    const failures: PluginError[] = []
    await runPluginHook([failingPlugin('faulty', () => Promise.reject(original))], 'beforeRun', [context], (failure) =>
      failures.push(failure)
    )
    expect(failures[0]?.cause).toBe(original)
  })

  it('survives a failing error reporter and an absent one', async () => {
    const log: unknown[][] = []
    const plugins = [failingPlugin('faulty', () => Promise.reject(new Error('x'))), recordingPlugin('after', 1, log)]
    await runPluginHook(plugins, 'beforeRun', [context], () => {
      throw new Error('reporter broke')
    })
    await runPluginHook(plugins, 'beforeRun', [context])
    expect(log.map((entry) => entry[0])).toEqual(['after:beforeRun', 'after:beforeRun'])
  })

  it('runPluginHook keeps the order it is given', async () => {
    const log: unknown[][] = []
    const plugins = [recordingPlugin('low', 1, log), recordingPlugin('high', 9, log)]
    await runPluginHook(plugins, 'onStreamChunk', [context, 'x'])
    expect(log.map((entry) => entry[0])).toEqual(['low:onStreamChunk', 'high:onStreamChunk'])
  })
})
