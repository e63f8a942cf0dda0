import type { IPluginContract, IPluginHooks, TPluginHookName } from './abstract-plugin.ts'
import type {
  TPluginExecutionContext,
  TPluginExecutionResult,
  TPluginToolCall,
  TPluginToolResult
} from './plugin-context.ts'
import { PluginError, toPluginError } from './plugin-error.ts'
import { sortPlugins } from './plugin-priority.ts'

/** The arguments each hook takes, by hook name. */
export type TPluginHookArguments = {
  [THook in TPluginHookName]: Parameters<NonNullable<IPluginHooks[THook]>>
}

/** Receives each plugin failure; the run goes on regardless. */
export type TPluginErrorCallback = (error: PluginError) => void

/** A run's input once every `beforeRun` had its say, or the plugin that blocked it and why. */
export type TPluginRunStart = { input: string } | { block: string; pluginName: string }

/** A tool call's parameters once every `beforeToolExecution` had its say, or the plugin that blocked it and why. */
export type TPluginToolStart = { parameters: Record<string, unknown> } | { block: string; pluginName: string }

// One caller per hook, so a hook name picks its argument list without a cast.
const HOOK_CALLERS: {
  [THook in TPluginHookName]: (plugin: IPluginHooks, ...args: TPluginHookArguments[THook]) => unknown
} = {
  beforeRun: (plugin, context) => plugin.beforeRun?.(context),
  afterRun: (plugin, context, result) => plugin.afterRun?.(context, result),
  onError: (plugin, context, error) => plugin.onError?.(context, error),
  onStreamChunk: (plugin, context, chunk) => plugin.onStreamChunk?.(context, chunk),
  beforeToolExecution: (plugin, context, call) => plugin.beforeToolExecution?.(context, call),
  afterToolExecution: (plugin, context, call, result) => plugin.afterToolExecution?.(context, call, result)
}

/**
 * Calls one hook on one plugin and returns what it decided: `undefined` when it returned nothing,
 * threw, or returned something `accepts` refuses (both reported as a `PluginError`).
 */
async function callHook<THook extends TPluginHookName, TDecision>(
  plugin: IPluginContract,
  hookName: THook,
  args: TPluginHookArguments[THook],
  onPluginError: TPluginErrorCallback | undefined,
  accepts: (decision: object) => decision is TDecision & object = (_decision): _decision is TDecision & object => false
): Promise<TDecision | undefined> {
  if (typeof plugin[hookName] !== 'function') return undefined
  let decision: unknown
  try {
    decision = await HOOK_CALLERS[hookName](plugin, ...args)
  } catch (error) {
    reportPluginError(onPluginError, toPluginError(error, { pluginName: plugin.name, hookName }))
    return undefined
  }
  if (decision === undefined || decision === null) return undefined
  if (typeof decision === 'object' && accepts(decision)) return decision
  const details = { pluginName: plugin.name, hookName }
  reportPluginError(onPluginError, new PluginError(`Plugin "${plugin.name}" returned a decision ${hookName} does not take; it was ignored.`, details))
  return undefined
}

/**
 * Calls one hook on every plugin in the order given, awaiting each, for what it observes: any
 * decision is ignored. A hook that throws or rejects becomes a `PluginError` passed to
 * `onPluginError`; the remaining plugins still run.
 */
export async function runPluginHook<THook extends TPluginHookName>(
  plugins: readonly IPluginContract[],
  hookName: THook,
  args: TPluginHookArguments[THook],
  onPluginError?: TPluginErrorCallback
): Promise<void> {
  for (const plugin of plugins) {
    await callHook(plugin, hookName, args, onPluginError, (_decision): _decision is object => true)
  }
}

function reportPluginError(onPluginError: TPluginErrorCallback | undefined, error: PluginError): void {
  try {
    onPluginError?.(error)
  } catch {
    // The reporter is the last line of isolation: if it fails too, the run must still go on.
  }
}

const isBlock = (decision: object): decision is { block: string } => typeof (decision as { block?: unknown }).block === 'string'
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Holds plugins in priority order and runs each lifecycle hook over all of them. Hooks that may
 * decide are chained: each plugin sees what the ones before it made, and the first block wins.
 */
export class PluginRunner {
  readonly plugins: readonly IPluginContract[]
  private readonly onPluginError: TPluginErrorCallback | undefined

  constructor(plugins: readonly IPluginContract[], options: { onPluginError?: TPluginErrorCallback } = {}) {
    this.plugins = sortPlugins(plugins)
    this.onPluginError = options.onPluginError
  }

  /** Runs `beforeRun` on every plugin: the input they leave, or the first block. */
  async beforeRun(context: TPluginExecutionContext): Promise<TPluginRunStart> {
    let input = context.input
    const accepts = (decision: object): decision is { input: string } | { block: string } =>
      isBlock(decision) || typeof (decision as { input?: unknown }).input === 'string'
    for (const plugin of this.plugins) {
      const decision = await callHook(plugin, 'beforeRun', [{ ...context, input }], this.onPluginError, accepts)
      if (decision && 'block' in decision) return { block: decision.block, pluginName: plugin.name }
      if (decision) input = decision.input
    }
    return { input }
  }

  /** Runs `afterRun` on every plugin: the response they leave. */
  async afterRun(context: TPluginExecutionContext, result: TPluginExecutionResult): Promise<string> {
    let response = result.response
    const accepts = (decision: object): decision is { response: string } => typeof (decision as { response?: unknown }).response === 'string'
    for (const plugin of this.plugins) {
      const decision = await callHook(plugin, 'afterRun', [context, { ...result, response }], this.onPluginError, accepts)
      if (decision) response = decision.response
    }
    return response
  }

  /** Runs `onError` on every plugin. */
  onError(context: TPluginExecutionContext, error: unknown): Promise<void> {
    return runPluginHook(this.plugins, 'onError', [context, error], this.onPluginError)
  }

  /** Runs `onStreamChunk` on every plugin. */
  onStreamChunk(context: TPluginExecutionContext, chunk: string): Promise<void> {
    return runPluginHook(this.plugins, 'onStreamChunk', [context, chunk], this.onPluginError)
  }

  /** Runs `beforeToolExecution` on every plugin: the parameters they leave, or the first block. */
  async beforeToolExecution(context: TPluginExecutionContext, call: TPluginToolCall): Promise<TPluginToolStart> {
    let parameters = call.parameters
    const accepts = (decision: object): decision is { parameters: Record<string, unknown> } | { block: string } =>
      isBlock(decision) || isRecord((decision as { parameters?: unknown }).parameters)
    for (const plugin of this.plugins) {
      const decision = await callHook(plugin, 'beforeToolExecution', [context, { ...call, parameters }], this.onPluginError, accepts)
      if (decision && 'block' in decision) return { block: decision.block, pluginName: plugin.name }
      if (decision) parameters = decision.parameters
    }
    return { parameters }
  }

  /** Runs `afterToolExecution` on every plugin: the outcome they leave. */
  async afterToolExecution(
    context: TPluginExecutionContext,
    call: TPluginToolCall,
    result: TPluginToolResult
  ): Promise<TPluginToolResult> {
    let outcome = result
    const accepts = (decision: object): decision is { result: TPluginToolResult } =>
      isRecord((decision as { result?: unknown }).result) && typeof (decision as { result: { success?: unknown } }).result.success === 'boolean'
    for (const plugin of this.plugins) {
      const decision = await callHook(plugin, 'afterToolExecution', [context, call, outcome], this.onPluginError, accepts)
      if (decision) outcome = decision.result
    }
    return outcome
  }
}
