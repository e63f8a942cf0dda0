import { assertPrompt } from './assert-prompt.ts'
import { assertToolsOption } from './assert-tools-option.ts'
import { assertChatSettings, resolveChatSettings, type TChatSettings } from './chat-settings.ts'
import { ConversationStore } from './conversation-store.ts'
import { createId } from './create-id.ts'
import { ConfigurationError, ValidationError } from './errors.ts'
import type { TExecutionEventCallback } from './execution-events.ts'
import { getModelContextWindow } from './context/models.ts'
import type { IExecutionContext, TToolExecutionOptions } from './execution/execution-context.ts'
import type { IEventService } from './event-service/event-service.ts'
import type { IHistoryEntry } from './history.ts'
import type { IPluginContract } from './plugins/abstract-plugin.ts'
import { PluginRunner, type TPluginErrorCallback } from './plugins/plugin-runner.ts'
import { ExecutionEventSequencer } from './execution/event-sequencer.ts'
import { runExecution, type TRunResult, type TExecutionOutcome } from './execution/run-execution.ts'
import { toAgentEventService, toExecutionEventService } from './execution/run-event-service.ts'
import { RunStopper } from './execution/run-stopper.ts'
import { createUserMessage, type TUniversalMessage } from './messages.ts'
import { toOutputFormat, type TOutputSchema } from './output-schema.ts'
import type { IAIProvider, TOutputFormat, TTextDeltaCallback } from './provider.ts'
import { runForOutput, type TStructuredRunResult } from './run-for-output.ts'
import type { ITool } from './tool.ts'
import { assertToolName } from './tool-name.ts'
import { describeError } from './describe-error.ts'
import { describeValue, showValue } from './describe-value.ts'
import { assertKnownConfigKeys } from './robota-config-keys.ts'
import { assertKnownRunOptions } from './run-option-keys.ts'

/** Default cap on model/tool rounds in one run. */
export const DEFAULT_MAX_EXECUTION_ROUNDS = 10

/** How an agent is set up. Its chat settings (`maxTokens`, `temperature`, `toolChoice`, `stopSequences`, `providerOptions`) apply to every provider call. */
export type IAgentConfig = TChatSettings & {
  name: string
  aiProviders: IAIProvider[]
  defaultModel: { provider: string; model: string }
  systemMessage?: string
  tools?: ITool[]
  /** Cap on model/tool rounds per run; 0 means no cap. Defaults to 10. */
  maxExecutionRounds?: number
  /** Identifies the conversation in replay events; a new id is made when omitted. */
  sessionId?: string
  /** History to continue from, such as a resumed session's committed messages. */
  history?: Array<TUniversalMessage | IHistoryEntry>
  /** Provider idle timeout in milliseconds: a call that streams nothing for this long fails. */
  timeout?: number
  /** How each round's tool calls run. Defaults to one after another. */
  toolExecution?: TToolExecutionOptions
  /** The model's context window in tokens, when the built-in model table does not know it. */
  contextWindow?: number
  /** The `seq` of the first replay event, so a resumed session's log keeps rising. */
  firstEventSeq?: number
  /** Plugins whose lifecycle hooks run around each run, round and tool call, highest priority first. */
  plugins?: IPluginContract[]
  /** Receives plugin failures; a failing plugin never breaks a run. */
  onPluginError?: TPluginErrorCallback
  /**
   * Receives the agent's lifecycle events (`execution.start`, `execution.complete`,
   * `execution.error`, `tool.execute_start`, `tool.execute_success`, `tool.execute_error`), each
   * with its owner path `[agent, execution, tool?]`; a `StructuredEventService` is the usual one.
   */
  eventService?: IEventService
  /**
   * When a provider failure ends a turn, throw its `RobotaError` from `run()` instead of returning
   * it as `result.error`. Defaults to false; `IRunOptions.throwOnError` beats it for one run.
   */
  throwOnError?: boolean
}

/** Options of one run; each beats the agent's config for this run only. */
export type IRunOptions = TChatSettings & {
  signal?: AbortSignal
  /**
   * Receives the answer's text as it streams, every round's: a round after the first starts with
   * a `"\n\n"` delta, so the text of several rounds reads as paragraphs (`result.response` is the
   * last round's text alone).
   */
  onTextDelta?: TTextDeltaCallback
  onExecutionEvent?: TExecutionEventCallback
  maxExecutionRounds?: number
  toolExecution?: TToolExecutionOptions
  /**
   * Throw the provider's `RobotaError` (its own class: `RateLimitError`, `AuthenticationError`…)
   * when a provider failure ends the turn, rather than returning it as `result.error`. The
   * history keeps what was committed and the failure notice either way.
   */
  throwOnError?: boolean
  /**
   * A schema (zod 4, or any Standard Schema with its JSON Schema) the final answer must match:
   * asked for in the provider's JSON-schema mode, then parsed and validated into `result.output`.
   */
  output?: TOutputSchema
}

/** The agent facade: one conversation, one provider loop, its tools and its replay events. */
export class Robota {
  readonly name: string
  readonly sessionId: string
  private readonly config: IAgentConfig
  private readonly provider: IAIProvider
  private readonly tools: ReadonlyMap<string, ITool>
  private readonly store: ConversationStore
  private readonly sequencer: ExecutionEventSequencer
  private readonly plugins: PluginRunner | undefined
  private readonly events: IEventService
  private running = false

  constructor(config: IAgentConfig) {
    // Callers without types reach here too: a missing piece is named, not met as a TypeError.
    if (typeof config !== 'object' || config === null) {
      throw new ConfigurationError('new Robota(config): config must be an object with name, aiProviders and defaultModel.')
    }
    assertKnownConfigKeys(config)
    this.config = config
    this.name = config.name
    this.sessionId = config.sessionId ?? createId()
    this.provider = selectProvider(config)
    this.tools = indexTools(config.tools ?? [])
    this.store = new ConversationStore(config.history)
    this.sequencer = new ExecutionEventSequencer(this.sessionId, config.firstEventSeq ?? 0)
    this.plugins =
      config.plugins && config.plugins.length > 0
        ? new PluginRunner(config.plugins, config.onPluginError ? { onPluginError: config.onPluginError } : {})
        : undefined
    this.events = toAgentEventService(config.eventService, this.name)
    const rounds = config.maxExecutionRounds
    if (rounds !== undefined && !isRoundCap(rounds)) {
      throw new ConfigurationError(`maxExecutionRounds must be a whole number of 0 or more; got ${showValue(rounds)}.`)
    }
    if (config.timeout !== undefined && !(typeof config.timeout === 'number' && config.timeout > 0)) {
      throw new ConfigurationError(`timeout must be a positive number of milliseconds; got ${showValue(config.timeout)}.`)
    }
    if (config.contextWindow !== undefined && !(Number.isInteger(config.contextWindow) && config.contextWindow > 0)) {
      throw new ConfigurationError(`contextWindow must be a positive whole number of tokens; got ${showValue(config.contextWindow)}.`)
    }
    assertChatSettings(config, new Set(this.tools.keys()), 'Robota config', ConfigurationError)
  }

  /**
   * Sends `input` and runs the loop to its end. Returns normally on abort (with
   * `interrupted: true`); on provider failure it returns the error as `result.error` (plain data
   * with its `code`) and the failure notice as the response, or, with `throwOnError`, throws
   * the `RobotaError` once the history is settled. When an `onExecutionEvent` or `onTextDelta`
   * callback throws, the run stops as on abort, with `interrupted: true` and the failure as the
   * response. The history stays valid and the agent usable in every case. An empty or
   * whitespace-only `input` is refused with a `ValidationError` before anything is sent.
   */
  run<TOutput>(input: string, options: IRunOptions & { output: TOutputSchema<TOutput> }): Promise<TStructuredRunResult<TOutput>>
  run(input: string, options?: IRunOptions): Promise<TRunResult>
  /**
   * With `output`, the final answer is asked for as JSON matching the schema and comes back parsed
   * in `result.output`; a reply that does not validate is retried once with what was wrong, then
   * the run throws a `StructuredOutputError` carrying the raw reply.
   */
  async run(input: string, options: IRunOptions = {}): Promise<TRunResult | TStructuredRunResult<unknown>> {
    assertPrompt('run(input)', input)
    assertKnownRunOptions(options)
    if (options.output === undefined) return this.runOnce(input, options, undefined)
    const format = toOutputFormat(options.output)
    return runForOutput((text) => this.runOnce(text, options, format), input, options.output)
  }

  private async runOnce(input: string, options: IRunOptions, output: TOutputFormat | undefined): Promise<TRunResult> {
    const { result, failure } = await this.execute(input, options, output)
    if (failure && (options.throwOnError ?? this.config.throwOnError ?? false)) throw failure
    return result
  }

  private async execute(input: string, options: IRunOptions, output: TOutputFormat | undefined): Promise<TExecutionOutcome> {
    if (options.maxExecutionRounds !== undefined && !isRoundCap(options.maxExecutionRounds)) {
      throw new ValidationError(
        `run(): maxExecutionRounds must be a whole number of 0 or more; got ${showValue(options.maxExecutionRounds)}.`
      )
    }
    assertChatSettings(options, new Set(this.tools.keys()), 'run()', ValidationError)
    if (this.running) throw new ValidationError(`Agent "${this.name}" is already running; wait for run() to return.`)
    this.running = true
    const executionId = createId()
    const stopper = new RunStopper(options.signal)
    const listener = stopper.guard(options.onExecutionEvent, (event) => `the onExecutionEvent listener threw at "${event.type}"`)
    const context: IExecutionContext = {
      agentName: this.name,
      executionId,
      provider: this.provider,
      model: this.config.defaultModel.model,
      systemMessage: this.config.systemMessage,
      tools: this.tools,
      store: this.store,
      signal: stopper.signal,
      stopper,
      onTextDelta: stopper.guard(options.onTextDelta, () => 'the onTextDelta callback threw'),
      emit: (type, data, round) => this.sequencer.emit(listener, executionId, type, data, round),
      maxExecutionRounds: options.maxExecutionRounds ?? this.config.maxExecutionRounds ?? DEFAULT_MAX_EXECUTION_ROUNDS,
      toolExecution: options.toolExecution ?? this.config.toolExecution ?? { mode: 'sequential' },
      chatSettings: resolveChatSettings(this.config, options),
      ...(output ? { output } : {}),
      providerIdleTimeoutMs: this.config.timeout,
      contextWindow: this.config.contextWindow ?? getModelContextWindow(this.config.defaultModel.model),
      events: toExecutionEventService(this.events, executionId),
      plugins: this.plugins,
      pluginContext: { executionId, sessionId: this.sessionId, input }
    }
    const stopRecording = this.store.onAppend((message, index) =>
      context.emit('history_mutation', { mutation: 'append', index, message })
    )
    try {
      const start = this.plugins ? await this.plugins.beforeRun(context.pluginContext) : { input }
      if ('block' in start) return this.blocked(start.block, start.pluginName)
      context.pluginContext = { ...context.pluginContext, input: start.input }
      context.events.emit('start', { executionId, sessionId: this.sessionId, input: start.input })
      this.store.append(createUserMessage(start.input))
      const outcome = await this.finishRun(context, await runExecution(context))
      const { result } = outcome
      context.events.emit('complete', { executionId, response: result.response, interrupted: result.interrupted ?? false, toolsExecuted: [...result.toolsExecuted] })
      return outcome
    } catch (error) {
      await this.plugins?.onError(context.pluginContext, error)
      context.events.emit('error', { executionId, error: describeError(error) })
      throw error
    } finally {
      stopRecording()
      stopper.release()
      this.running = false
    }
  }

  // The response afterRun plugins leave.
  private async finishRun(context: IExecutionContext, outcome: TExecutionOutcome): Promise<TExecutionOutcome> {
    if (!this.plugins) return outcome
    const { result } = outcome
    const response = await this.plugins.afterRun(context.pluginContext, {
      response: result.response,
      toolsExecuted: result.toolsExecuted,
      ...(result.interrupted ? { interrupted: true } : {})
    })
    return response === result.response ? outcome : { ...outcome, result: { ...result, response } }
  }

  // A plugin refused the run in beforeRun: nothing was sent or committed.
  private blocked(reason: string, pluginName: string): TExecutionOutcome {
    const usage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 }
    const response = `The run was blocked by the plugin "${pluginName}": ${reason}`
    return { result: { response, toolsExecuted: [], history: this.store.getMessages(), usage, blockedReason: reason }, failure: undefined }
  }

  /** The committed conversation messages, oldest first. */
  getHistory(): TUniversalMessage[] {
    return this.store.getMessages()
  }

  /** The full history (chat and event entries), oldest first. */
  getHistoryEntries(): IHistoryEntry[] {
    return this.store.getHistory()
  }

  /** The `seq` the next replay event will carry. */
  getNextEventSeq(): number {
    return this.sequencer.peekNextSeq()
  }
}

function selectProvider(config: IAgentConfig): IAIProvider {
  // Typed, yet what a caller without types passes may be anything.
  const aiProviders: readonly IAIProvider[] = config.aiProviders ?? []
  if (!Array.isArray(aiProviders)) throw new ConfigurationError(`aiProviders must be an array of providers; got ${describeValue(aiProviders)}.`)
  if (aiProviders.length === 0) throw new ConfigurationError('Robota needs at least one provider in aiProviders.')
  const names = aiProviders.map((candidate) => candidate.name).join(', ')
  const { defaultModel } = config
  if (typeof defaultModel?.provider !== 'string' || typeof defaultModel.model !== 'string') {
    throw new ConfigurationError(`defaultModel must be { provider, model }, the provider one of aiProviders (${names}); got ${JSON.stringify(defaultModel)}.`)
  }
  const provider = aiProviders.find((candidate) => candidate.name === defaultModel.provider)
  if (!provider) throw new ConfigurationError(`defaultModel.provider "${defaultModel.provider}" is not among aiProviders (${names}).`)
  return provider
}

function indexTools(tools: readonly ITool[]): ReadonlyMap<string, ITool> {
  assertToolsOption('Robota config', tools)
  const byName = new Map<string, ITool>()
  for (const tool of tools) {
    assertToolName(tool.schema.name)
    if (byName.has(tool.schema.name)) throw new ConfigurationError(`Two tools are named "${tool.schema.name}".`)
    byName.set(tool.schema.name, tool)
  }
  return byName
}

function isRoundCap(value: number): boolean {
  return Number.isInteger(value) && value >= 0
}
