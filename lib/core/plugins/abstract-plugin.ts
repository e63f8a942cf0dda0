import { PluginCategory, type TPluginCategory } from './plugin-category.ts'
import type {
  TPluginExecutionContext,
  TPluginExecutionResult,
  TPluginToolCall,
  TPluginToolResult
} from './plugin-context.ts'
import { PluginPriority } from './plugin-priority.ts'

/** A hook may finish at once or later; the runner awaits either. */
export type TPluginHookOutcome<TDecision = void> = TDecision | void | Promise<TDecision | void>

/** What `beforeRun` may return: a new input for the run, or a refusal with its reason. */
export type TPluginRunDecision = { input: string } | { block: string }

/** What `afterRun` may return: the response the run gives back instead (the history keeps the model's own). */
export type TPluginRunResultDecision = { response: string }

/** What `beforeToolExecution` may return: the parameters the tool runs with, or a refusal with its reason. */
export type TPluginToolDecision = { parameters: Record<string, unknown> } | { block: string }

/** What `afterToolExecution` may return: the outcome the model and the replay log see instead. */
export type TPluginToolResultDecision = { result: TPluginToolResult }

/**
 * The lifecycle hooks a plugin may implement; each one is optional. Returning nothing observes;
 * `beforeRun`, `afterRun`, `beforeToolExecution` and `afterToolExecution` may also return a
 * decision that transforms what passes (or, before, blocks it). Plugins run highest priority
 * first, each seeing what the ones before it made; the first block ends the chain.
 */
export interface IPluginHooks {
  /** Before the user message is committed: may rewrite the input or block the run. */
  beforeRun?(context: TPluginExecutionContext): TPluginHookOutcome<TPluginRunDecision>
  /** After the run produced its result: may replace the response the run returns. */
  afterRun?(context: TPluginExecutionContext, result: TPluginExecutionResult): TPluginHookOutcome<TPluginRunResultDecision>
  /** When the run failed. */
  onError?(context: TPluginExecutionContext, error: unknown): TPluginHookOutcome
  /** For each piece of streamed assistant text; observe only, as the text has already streamed. */
  onStreamChunk?(context: TPluginExecutionContext, chunk: string): TPluginHookOutcome
  /** Before a tool call runs: may replace its parameters or block it. */
  beforeToolExecution?(context: TPluginExecutionContext, call: TPluginToolCall): TPluginHookOutcome<TPluginToolDecision>
  /** After a tool call finished, failed or was skipped: may replace its outcome. */
  afterToolExecution?(
    context: TPluginExecutionContext,
    call: TPluginToolCall,
    result: TPluginToolResult
  ): TPluginHookOutcome<TPluginToolResultDecision>
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

  beforeRun?(context: TPluginExecutionContext): TPluginHookOutcome<TPluginRunDecision>
  afterRun?(context: TPluginExecutionContext, result: TPluginExecutionResult): TPluginHookOutcome<TPluginRunResultDecision>
  onError?(context: TPluginExecutionContext, error: unknown): TPluginHookOutcome
  onStreamChunk?(context: TPluginExecutionContext, chunk: string): TPluginHookOutcome
  beforeToolExecution?(context: TPluginExecutionContext, call: TPluginToolCall): TPluginHookOutcome<TPluginToolDecision>
  afterToolExecution?(
    context: TPluginExecutionContext,
    call: TPluginToolCall,
    result: TPluginToolResult
  ): TPluginHookOutcome<TPluginToolResultDecision>
}
