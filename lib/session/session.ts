import { assertPrompt } from '../core/assert-prompt.ts'
import type { IContextWindowState } from '../core/context/estimation.ts'
import { createId } from '../core/create-id.ts'
import { StructuredOutputError, ValidationError } from '../core/errors.ts'
import { followAbort } from '../core/follow-abort.ts'
import type { TRunResult, TRunUsage } from '../core/execution/run-execution.ts'
import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import type { IHistoryEntry } from '../core/history.ts'
import type { TUniversalMessage } from '../core/messages.ts'
import { Robota } from '../core/robota.ts'
import type { ITool } from '../core/tool.ts'
import type { IHookInput, THookEvent, THookRunResult } from '../hooks/index.ts'
import type { TPermissionMode } from '../permissions/index.ts'
import { CompactionOrchestrator } from './compaction/compaction-orchestrator.ts'
import type { TCompactionOutcome, TCompactionTrigger } from './compaction/compaction-types.ts'
import { ContextWindowTracker } from './context-window-tracker.ts'
import { PermissionEnforcer } from './permission-enforcer.ts'
import type { TAnySessionEventDataMap, TAnySessionEventType, TSessionEventDataMap, TSessionEventListener } from './session-events.ts'
import { SessionEventChannel } from './session-event-channel.ts'
import type { TSessionOptions, TSessionRunOptions, TSessionRunResult } from './session-types.ts'
import { describeError } from '../core/describe-error.ts'

/** Why `replaceHistory` replaced the conversation (and from which session, for a fork): the `history_replaced` event without its messages. */
export type THistoryReset = Omit<TSessionEventDataMap['history_replaced'], 'messages'>

const EMPTY_USAGE: TRunUsage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 }

/**
 * The generic run loop owner: one Robota agent, its permission gate (`PermissionEnforcer`), its
 * context window (`ContextWindowTracker`, auto-compaction at 0.835 of the window by default) and
 * compaction (`CompactionOrchestrator`). Events of its own (hooks outside a run, compaction,
 * history resets) share the agent's `seq` order; since Robota cannot take events from outside
 * or have its history replaced, the agent is rebuilt, with its history and next `seq`, before
 * the next run whenever that happened.
 */
export class Session {
  readonly sessionId: string
  private agent: Robota
  private readonly enforcer: PermissionEnforcer
  private readonly tracker: ContextWindowTracker
  private readonly compaction: CompactionOrchestrator
  private model: string
  private systemMessage: string | undefined
  private tools: readonly ITool[]
  private readonly channel: SessionEventChannel
  private stale = false
  private running = false
  private controller: AbortController | undefined
  private usage: TRunUsage = { ...EMPTY_USAGE }

  constructor(private readonly options: TSessionOptions) {
    this.sessionId = options.sessionId ?? createId()
    this.channel = new SessionEventChannel(this.sessionId, () => this.agent.getNextEventSeq())
    if (options.onEvent) this.channel.subscribe(options.onEvent)
    this.model = options.model
    this.systemMessage = options.systemMessage
    this.tools = options.tools ?? []
    this.enforcer = options.enforcer ?? new PermissionEnforcer({ sessionId: this.sessionId, ...options.permissions })
    this.tracker = new ContextWindowTracker({
      model: options.model,
      ...(options.contextWindow === undefined ? {} : { contextWindow: options.contextWindow }),
      ...(options.autoCompactThreshold === undefined ? {} : { autoCompactThreshold: options.autoCompactThreshold })
    })
    this.compaction = new CompactionOrchestrator({
      provider: options.provider,
      emit: (type, data, executionId, round) => this.emit(type, data, executionId, round),
      runHooks: (event, fields, executionId) => this.runHooksAs(event, fields, executionId)
    })
    this.agent = this.buildAgent(options.history ?? [], options.firstEventSeq ?? 0)
  }

  /**
   * Runs one prompt: UserPromptSubmit hooks (a block stops it before anything is sent), auto-
   * compaction when the window is past the threshold, the agent loop, Stop hooks, and
   * auto-compaction again if the answer filled the window. An empty prompt is refused
   * (`ValidationError`) before any hook runs.
   */
  async run(input: string, options: TSessionRunOptions = {}): Promise<TSessionRunResult> {
    // Checked before the hooks: context they add would otherwise send an empty prompt as if it were one.
    if (typeof input !== 'string') throw new ValidationError('run(input): input must be a string.')
    assertPrompt('run(input)', input)
    if (this.running) throw new ValidationError(`Session ${this.sessionId} is already running a prompt; abort it or wait.`)
    this.running = true
    const controller = new AbortController()
    this.controller = controller
    const stopFollowing = followAbort(options.signal, controller)
    const signal = controller.signal
    const compactions: TCompactionOutcome[] = []
    try {
      const gate = await this.runHooks('UserPromptSubmit', { prompt: options.rawInput ?? input }, signal)
      if (gate.blocked) {
        const reason = gate.reason ?? 'no reason given'
        const response = `The prompt was blocked by a UserPromptSubmit hook: ${reason}`
        return { response, toolsExecuted: [], history: this.getMessages(), usage: { ...EMPTY_USAGE }, blockedReason: reason, compactions }
      }
      const prompt = gate.additionalContext.length > 0 ? `${input}\n\n${gate.additionalContext.join('\n\n')}` : input
      await this.autoCompact(signal, compactions)
      this.syncAgent()
      const runOptions = {
        signal,
        ...(options.onTextDelta ? { onTextDelta: options.onTextDelta } : {}),
        onExecutionEvent: (event: TExecutionEventEnvelope) => void this.channel.deliver(event),
        ...(options.maxExecutionRounds === undefined ? {} : { maxExecutionRounds: options.maxExecutionRounds })
      }
      const result: TRunResult & { output?: unknown } = options.output
        ? await this.agent.run(prompt, { ...runOptions, output: options.output }).catch((error: unknown) => this.settleUnusableOutput(error, signal))
        : await this.agent.run(prompt, runOptions)
      this.addUsage(result.usage)
      if (!result.interrupted) {
        await this.runHooks('Stop', { response: result.response }, signal)
        await this.autoCompact(signal, compactions)
      }
      return { ...result, compactions }
    } finally {
      stopFollowing()
      this.running = false
      this.controller = undefined
    }
  }

  private addUsage(usage: TRunUsage): void {
    for (const key of Object.keys(this.usage) as Array<keyof TRunUsage>) this.usage[key] += usage[key]
  }

  // A reply that never matched the output schema still ended the turn and was billed: count it and
  // let the Stop hooks see it before the caller gets the error.
  private async settleUnusableOutput(error: unknown, signal: AbortSignal): Promise<never> {
    if (error instanceof StructuredOutputError) {
      if (error.usage) this.addUsage(error.usage)
      await this.runHooks('Stop', { response: error.rawText }, signal)
    }
    throw error
  }

  /** Summarizes the conversation and replaces the history with the summary. */
  async compact(instructions?: string, options: { trigger?: TCompactionTrigger; signal?: AbortSignal } = {}): Promise<TCompactionOutcome> {
    if (this.running) throw new ValidationError('Cannot compact while a prompt runs; abort it or wait.')
    return this.compactNow(options.trigger ?? 'manual', instructions, options.signal)
  }

  /** Empties the conversation, recorded as a `history_replaced` event. */
  async clearHistory(): Promise<void> {
    await this.replaceHistory([], { reason: 'clear' })
  }

  /** Replaces the whole history (a fork's copied conversation, say), recorded as `history_replaced`. */
  async replaceHistory(messages: readonly TUniversalMessage[], reset: THistoryReset): Promise<void> {
    if (this.running) throw new ValidationError('Cannot replace the history while a prompt runs.')
    await this.emit('history_replaced', { ...reset, messages: [...messages] }, createId())
    this.resetAgent(messages)
  }

  /** Records that this session is a subagent of another: its first event, linking the two logs. */
  async recordParentLink(link: TSessionEventDataMap['session_link']): Promise<void> {
    await this.emit('session_link', { ...link }, createId())
  }

  /** Runs the hooks of a lifecycle event (SessionStart, say), recording a `hook_result` per hook. */
  runHooks(event: THookEvent, fields: Partial<IHookInput>, signal?: AbortSignal): Promise<THookRunResult> {
    return this.runHooksAs(event, fields, createId(), signal)
  }

  /** Aborts the running prompt, if any. */
  abort(): void {
    this.controller?.abort()
  }

  isRunning(): boolean {
    return this.running
  }

  /** The committed conversation, oldest first. */
  getMessages(): TUniversalMessage[] {
    return this.agent.getHistory()
  }

  /** The agent's full history (chat and event entries). */
  getHistoryEntries(): IHistoryEntry[] {
    return this.agent.getHistoryEntries()
  }

  getContextState(): IContextWindowState {
    return this.tracker.getContextState(this.agent.getHistory(), this.systemMessage)
  }

  /** The tracker behind `getContextState`, for its threshold and window. */
  getContextWindowTracker(): ContextWindowTracker {
    return this.tracker
  }

  getModel(): string {
    return this.model
  }

  /** Switches the model from the next prompt on. */
  setModel(model: string): void {
    if (model.trim() === '') throw new ValidationError('setModel(): the model id is empty.')
    this.model = model.trim()
    this.tracker.setModel(this.model)
    this.stale = true
  }

  getSystemMessage(): string | undefined {
    return this.systemMessage
  }

  /** Replaces the system message from the next prompt on. */
  setSystemMessage(systemMessage: string): void {
    this.systemMessage = systemMessage
    this.stale = true
  }

  /** The tools the model is offered. */
  getTools(): readonly ITool[] {
    return this.tools
  }

  /** Replaces the tools from the next prompt on (an MCP server's list changed, say); a running prompt keeps its own. */
  setTools(tools: readonly ITool[]): void {
    this.tools = tools
    this.stale = true
  }

  getPermissionEnforcer(): PermissionEnforcer {
    return this.enforcer
  }

  getPermissionMode(): TPermissionMode {
    return this.enforcer.mode
  }

  setPermissionMode(mode: TPermissionMode): void {
    this.enforcer.setMode(mode)
  }

  /** Token usage summed over every prompt of this session object. */
  getUsage(): TRunUsage {
    return { ...this.usage }
  }

  /** The `seq` the next event will carry. */
  getNextEventSeq(): number {
    return this.channel.nextSeq()
  }

  /** Adds a listener of every event (besides `onEvent`); returns a function that removes it. */
  subscribe(listener: TSessionEventListener): () => void {
    return this.channel.subscribe(listener)
  }

  private async autoCompact(signal: AbortSignal, compactions: TCompactionOutcome[]): Promise<void> {
    if (signal.aborted || !this.tracker.shouldAutoCompact(this.getContextState()) || this.getMessages().length === 0) return
    try {
      compactions.push(await this.compactNow('auto', undefined, signal))
    } catch (error) {
      // A failed summary keeps the history as it was; the prompt itself must still run or return.
      compactions.push({ compacted: false, trigger: 'auto', reason: describeError(error) })
    }
  }

  private async compactNow(trigger: TCompactionTrigger, instructions: string | undefined, signal: AbortSignal | undefined): Promise<TCompactionOutcome> {
    const notify = this.options.onCompaction
    notify?.({ phase: 'started', trigger })
    try {
      const outcome = await this.summarize(trigger, instructions, signal)
      notify?.({ phase: 'finished', outcome })
      return outcome
    } catch (error) {
      notify?.({ phase: 'failed', trigger, message: describeError(error) })
      throw error
    }
  }

  private summarize(trigger: TCompactionTrigger, instructions: string | undefined, signal: AbortSignal | undefined): Promise<TCompactionOutcome> {
    return this.compaction.compact({
      messages: this.getMessages(),
      model: this.model,
      trigger,
      ...(instructions ? { instructions } : {}),
      ...(this.options.compactInstructions ? { projectInstructions: this.options.compactInstructions } : {}),
      ...(signal ? { signal } : {}),
      measure: (messages) => this.tracker.getContextState(messages, this.systemMessage).usedTokens,
      apply: async (history, executionId) => {
        await this.emit('history_replaced', { reason: 'compaction', messages: history }, executionId)
        this.resetAgent(history)
      }
    })
  }

  private runHooksAs(event: THookEvent, fields: Partial<IHookInput>, executionId: string, signal?: AbortSignal): Promise<THookRunResult> {
    return this.enforcer.runHooks(event, fields, {
      ...(signal ? { signal } : {}),
      emitEvent: (type, data) => void this.channel.record(type, data, executionId)
    })
  }

  /** Records an event of the session's own in the agent's `seq` order. */
  private emit<TType extends TAnySessionEventType>(
    type: TType,
    data: TAnySessionEventDataMap[TType],
    executionId: string,
    round?: number
  ): void | Promise<void> {
    return this.channel.record(type, data, executionId, round)
  }

  /** Rebuilds the agent when events were recorded outside it or its model or system message changed. */
  private syncAgent(): void {
    if (this.stale || this.channel.hasReservation()) this.resetAgent(this.agent.getHistoryEntries())
  }

  /** A new agent holding `history`, continuing at the next `seq`. */
  private resetAgent(history: ReadonlyArray<TUniversalMessage | IHistoryEntry>): void {
    this.agent = this.buildAgent(history, this.channel.nextSeq())
    this.channel.clearReservation()
    this.stale = false
  }

  private buildAgent(history: ReadonlyArray<TUniversalMessage | IHistoryEntry>, firstEventSeq: number): Robota {
    const options = this.options
    const provider = options.provider
    return new Robota({
      name: options.name ?? 'robota',
      sessionId: this.sessionId,
      aiProviders: [provider],
      defaultModel: { provider: provider.name, model: this.model },
      ...(this.systemMessage === undefined ? {} : { systemMessage: this.systemMessage }),
      tools: this.enforcer.wrapAll(this.tools),
      history: [...history],
      firstEventSeq,
      ...(options.maxExecutionRounds === undefined ? {} : { maxExecutionRounds: options.maxExecutionRounds }),
      ...options.chatSettings,
      ...(options.toolExecution ? { toolExecution: options.toolExecution } : {}),
      ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
      ...(options.contextWindow === undefined ? {} : { contextWindow: options.contextWindow })
    })
  }
}
