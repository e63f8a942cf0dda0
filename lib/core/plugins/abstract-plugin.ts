import { PluginCategory, type TPluginCategory } from './plugin-category.ts'
import type {
  IPluginExecutionContext,
  IPluginExecutionResult,
  IPluginToolCall,
  IPluginToolResult
} from './plugin-context.ts'
import { PluginPriority } from './plugin-priority.ts'

/** A hook may finish at once or later; the runner awaits either. */
export type TPluginHookOutcome = void | Promise<void>

/** The lifecycle hooks a plugin may implement; each one is optional. */
export interface IPluginHooks {
  /** Before the first provider call of a run. */
  beforeRun?(context: IPluginExecutionContext): TPluginHookOutcome
  /** After the run produced its result. */
  afterRun?(context: IPluginExecutionContext, result: IPluginExecutionResult): TPluginHookOutcome
  /** When the run failed. */
  onError?(context: IPluginExecutionContext, error: unknown): TPluginHookOutcome
  /** For each piece of streamed assistant text. */
  onStreamChunk?(context: IPluginExecutionContext, chunk: string): TPluginHookOutcome
  /** Before a tool call runs. */
  beforeToolExecution?(context: IPluginExecutionContext, call: IPluginToolCall): TPluginHookOutcome
  /** After a tool call finished, failed or was skipped. */
  afterToolExecution?(
    context: IPluginExecutionContext,
    call: IPluginToolCall,
    result: IPluginToolResult
  ): TPluginHookOutcome
}

/** Names of the lifecycle hooks. */
export type TPluginHookName = keyof IPluginHooks

/** The plugin port: an identity, an ordering and any of the lifecycle hooks. */
export interface IPluginContract extends IPluginHooks {
  readonly name: string
  readonly category: TPluginCategory
  /** Higher runs first; see `PluginPriority`. */
  readonly priority: number
}

/**
 * Base for plugins: a name, a category (default `custom`) and a priority (default `NORMAL`).
 * Subclasses override only the hooks they need.
 */
export abstract class AbstractPlugin implements IPluginContract {
  abstract readonly name: string
  readonly category: TPluginCategory = PluginCategory.CUSTOM
  readonly priority: number = PluginPriority.NORMAL

  beforeRun?(context: IPluginExecutionContext): TPluginHookOutcome
  afterRun?(context: IPluginExecutionContext, result: IPluginExecutionResult): TPluginHookOutcome
  onError?(context: IPluginExecutionContext, error: unknown): TPluginHookOutcome
  onStreamChunk?(context: IPluginExecutionContext, chunk: string): TPluginHookOutcome
  beforeToolExecution?(context: IPluginExecutionContext, call: IPluginToolCall): TPluginHookOutcome
  afterToolExecution?(
    context: IPluginExecutionContext,
    call: IPluginToolCall,
    result: IPluginToolResult
  ): TPluginHookOutcome
}
