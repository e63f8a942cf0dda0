import type { TChatSettings } from '../chat-settings.ts'
import type { IEventService } from '../event-service/event-service.ts'
import type { ConversationStore } from '../conversation-store.ts'
import type { TExecutionEventDataMap, TExecutionEventType } from '../execution-events.ts'
import type { IAIProvider, TOutputFormat, TTextDeltaCallback } from '../provider.ts'
import type { PluginRunner } from '../plugins/plugin-runner.ts'
import type { ITool } from '../tool.ts'
import type { RunStopper } from './run-stopper.ts'

/** Emits one replay event for the current execution. */
export type TEmitExecutionEvent = <TType extends TExecutionEventType>(
  type: TType,
  data: TExecutionEventDataMap[TType],
  round?: number
) => void

/** How a round's tool calls run: one after another, or several at once. */
export type TToolExecutionMode = 'sequential' | 'parallel'

/** Tool batch settings. `maxConcurrency` applies to `parallel`: omitted means unbounded, below 1 means 1. */
export type TToolExecutionOptions = { mode: TToolExecutionMode; maxConcurrency?: number }

/** Everything one run's steps share. Built by `Robota.run`, read by each step. */
export type IExecutionContext = {
  agentName: string
  executionId: string
  provider: IAIProvider
  model: string
  systemMessage: string | undefined
  tools: ReadonlyMap<string, ITool>
  store: ConversationStore
  /** Aborted by the caller or by `stopper`, when something outside the model failed. */
  signal: AbortSignal | undefined
  /** Stops the run from inside and says why. */
  stopper: RunStopper
  onTextDelta: TTextDeltaCallback | undefined
  emit: TEmitExecutionEvent
  /** Round cap for this run; 0 means no cap. */
  maxExecutionRounds: number
  toolExecution: TToolExecutionOptions
  /** Model settings sent with every provider call of this run (run options over the agent's). */
  chatSettings: TChatSettings
  /** The final answer's JSON Schema, asked of every provider call of a run with an `output` schema. */
  output?: TOutputFormat
  /** Provider idle timeout in milliseconds, reset by every delta; undefined means none. */
  providerIdleTimeoutMs: number | undefined
  /** The model's context window in tokens. */
  contextWindow: number
  /** The run's event service (`execution.*` events; bind a tool call for `tool.*`); the null object when the agent has none. */
  events: IEventService
  /** The agent's plugins, or `undefined` when it has none (the hot path then skips them). */
  plugins: PluginRunner | undefined
  /** What plugin hooks are told about this run; `input` is the one `beforeRun` plugins left. */
  pluginContext: { executionId: string; sessionId: string; input: string }
}

/** @deprecated use `TToolExecutionOptions`; the `I` prefix marks interfaces and the specs' names. */
export type IToolExecutionOptions = TToolExecutionOptions
