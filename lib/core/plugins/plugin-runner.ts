import type { IPluginContract, IPluginHooks, TPluginHookName, TPluginHookOutcome } from './abstract-plugin.ts'
import type {
  IPluginExecutionContext,
  IPluginExecutionResult,
  IPluginToolCall,
  IPluginToolResult
} from './plugin-context.ts'
import { toPluginError, type PluginError } from './plugin-error.ts'
import { sortPlugins } from './plugin-priority.ts'

/** The arguments each hook takes, by hook name. */
export type TPluginHookArguments = {
  [THook in TPluginHookName]: Parameters<NonNullable<IPluginHooks[THook]>>
}

/** Receives each plugin failure; the run goes on regardless. */
export type TPluginErrorCallback = (error: PluginError) => void

// One caller per hook, so a hook name picks its argument list without a cast.
const HOOK_CALLERS: {
  [THook in TPluginHookName]: (plugin: IPluginHooks, ...args: TPluginHookArguments[THook]) => TPluginHookOutcome
} = {
  beforeRun: (plugin, context) => plugin.beforeRun?.(context),
  afterRun: (plugin, context, result) => plugin.afterRun?.(context, result),
  onError: (plugin, context, error) => plugin.onError?.(context, error),
  onStreamChunk: (plugin, context, chunk) => plugin.onStreamChunk?.(context, chunk),
  beforeToolExecution: (plugin, context, call) => plugin.beforeToolExecution?.(context, call),
  afterToolExecution: (plugin, context, call, result) => plugin.afterToolExecution?.(context, call, result)
}

/**
 * Calls one hook on every plugin in the order given, awaiting each. A hook that throws or rejects
 * becomes a `PluginError` passed to `onPluginError`; the remaining plugins still run.
 */
export async function runPluginHook<THook extends TPluginHookName>(
  plugins: readonly IPluginContract[],
  hookName: THook,
  args: TPluginHookArguments[THook],
  onPluginError?: TPluginErrorCallback
): Promise<void> {
  const callHook = HOOK_CALLERS[hookName]
  for (const plugin of plugins) {
    if (typeof plugin[hookName] !== 'function') continue
    try {
      await callHook(plugin, ...args)
    } catch (error) {
      reportPluginError(onPluginError, toPluginError(error, { pluginName: plugin.name, hookName }))
    }
  }
}

function reportPluginError(onPluginError: TPluginErrorCallback | undefined, error: PluginError): void {
  try {
    onPluginError?.(error)
  } catch {
    // The reporter is the last line of isolation: if it fails too, the run must still go on.
  }
}

/** Holds plugins in priority order and runs each lifecycle hook over all of them. */
export class PluginRunner {
  readonly plugins: readonly IPluginContract[]
  private readonly onPluginError: TPluginErrorCallback | undefined

  constructor(plugins: readonly IPluginContract[], options: { onPluginError?: TPluginErrorCallback } = {}) {
    this.plugins = sortPlugins(plugins)
    this.onPluginError = options.onPluginError
  }

  /** Runs `beforeRun` on every plugin. */
  beforeRun(context: IPluginExecutionContext): Promise<void> {
    return runPluginHook(this.plugins, 'beforeRun', [context], this.onPluginError)
  }

  /** Runs `afterRun` on every plugin. */
  afterRun(context: IPluginExecutionContext, result: IPluginExecutionResult): Promise<void> {
    return runPluginHook(this.plugins, 'afterRun', [context, result], this.onPluginError)
  }

  /** Runs `onError` on every plugin. */
  onError(context: IPluginExecutionContext, error: unknown): Promise<void> {
    return runPluginHook(this.plugins, 'onError', [context, error], this.onPluginError)
  }

  /** Runs `onStreamChunk` on every plugin. */
  onStreamChunk(context: IPluginExecutionContext, chunk: string): Promise<void> {
    return runPluginHook(this.plugins, 'onStreamChunk', [context, chunk], this.onPluginError)
  }

  /** Runs `beforeToolExecution` on every plugin. */
  beforeToolExecution(context: IPluginExecutionContext, call: IPluginToolCall): Promise<void> {
    return runPluginHook(this.plugins, 'beforeToolExecution', [context, call], this.onPluginError)
  }

  /** Runs `afterToolExecution` on every plugin. */
  afterToolExecution(
    context: IPluginExecutionContext,
    call: IPluginToolCall,
    result: IPluginToolResult
  ): Promise<void> {
    return runPluginHook(this.plugins, 'afterToolExecution', [context, call, result], this.onPluginError)
  }
}
