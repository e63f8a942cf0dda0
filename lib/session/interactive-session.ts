import { assertPrompt } from '../core/assert-prompt.ts'
import type { IContextWindowState } from '../core/context/estimation.ts'
import { createId } from '../core/create-id.ts'
import { ValidationError } from '../core/errors.ts'
import type { TRunUsage } from '../core/execution/run-execution.ts'
import type { IHistoryEntry } from '../core/history.ts'
import type { TUniversalMessage } from '../core/messages.ts'
import type { TPermissionMode } from '../permissions/index.ts'
import { BuiltinCommandSource } from './commands/builtin-command-source.ts'
import { CommandRegistry } from './commands/command-registry.ts'
import type { ICommandHost, ICommandResult } from './commands/command-types.ts'
import { buildSkillPrompt } from './commands/skill-prompt.ts'
import { SystemCommandExecutor } from './commands/system-command-executor.ts'
import { createSystemCommands } from './commands/system-commands.ts'
import type { TCompactionOutcome } from './compaction/compaction-types.ts'
import { buildSystemPrompt } from './context/build-system-prompt.ts'
import { redactSecrets, redactSecretText } from '../storage/replay-log/redact-secrets.ts'
import { InteractiveEventEmitter } from './interactive-event-emitter.ts'
import { findProviderFailure, redactExecutionResult, toError, toExecutionResult, toFailedExecutionResult } from './execution-result.ts'
import { InteractiveHistory } from './interactive-history.ts'
import { assertSessionOptions } from './assert-session-options.ts'
import { INTERACTIVE_SESSION_OPTION_KEYS } from './session-option-keys.ts'
import { PromptScheduler } from './prompt-scheduler.ts'
import { saveSandboxSnapshot, startInteractiveSession, type TStartedSession } from './interactive-session-start.ts'
import type { IExecutionResult, IInteractiveSessionEvents, IToolState, IToolSummary, ITransportAdapter } from './interactive-session-types.ts'
import type { TInteractiveSessionEventName, TInteractiveSessionOptions } from './interactive-session-types.ts'
import type { TOutputSchema } from '../core/output-schema.ts'
import type { TSessionRunResult } from './session-types.ts'
import { PromptTextStream } from './prompt-text-stream.ts'

type TPrompt = { input: string; displayInput?: string; rawInput?: string; output?: TOutputSchema }

/**
 * The client-facing session: event-driven, with a prompt queue of at most one, abort, built-in
 * commands and skills, and persistence through an `ISessionStore`. Configuration and context are
 * read from the sandbox workspace when it starts (in the background; `ready()` resolves after).
 */
export class InteractiveSession implements ICommandHost {
  private readonly events = new InteractiveEventEmitter()
  private readonly history: InteractiveHistory
  private readonly commands = new SystemCommandExecutor(createSystemCommands())
  private readonly registry = new CommandRegistry()
  private readonly sessionId: string
  private readonly starting: Promise<TStartedSession>
  private started: TStartedSession | undefined
  private readonly scheduler: PromptScheduler<TPrompt, IExecutionResult>
  private readonly text = new PromptTextStream((text) => this.events.emit('text_delta', text))
  private name: string
  private disposed = false
  // A permission handler's bad answer is reported by `error` once a prompt, not once a tool call.
  private badAnswerReported = false

  /**
   * @throws ConfigurationError naming the option when `provider` (or `session`) is missing, `tools`
   * is no array, `permissionMode` names no mode, a hook's event or matcher does not exist, or an
   * option is unknown.
   */
  constructor(private readonly options: TInteractiveSessionOptions) {
    assertSessionOptions(options, 'new InteractiveSession(options)', INTERACTIVE_SESSION_OPTION_KEYS)
    const resuming = options.resumeSessionId !== undefined && options.forkSession !== true
    this.sessionId = options.session?.sessionId ?? (resuming ? (options.resumeSessionId as string) : createId())
    this.name = options.name ?? ''
    this.history = new InteractiveHistory(this.sessionId, (transition) => this.events.emit(transition.kind, transition.state))
    this.registry.addSource(new BuiltinCommandSource())
    this.scheduler = new PromptScheduler({
      run: (prompt, signal) => this.execute(prompt, signal),
      onStart: () => this.events.emit('thinking', true),
      onFinish: () => this.finish()
    })
    this.starting = startInteractiveSession(options, {
      sessionId: this.sessionId,
      onEvent: (event) => {
        options.onReplayEvent?.(event)
        this.history.observe(event)
        if (event.type === 'provider_stream_raw_delta' && event.sessionId === this.sessionId) this.text.add(event.data.delta, event.round)
      },
      onBadAnswer: (error) => {
        if (!this.badAnswerReported) this.events.emit('error', error)
        this.badAnswerReported = true
      }
    })
    this.starting.then(
      (started) => {
        this.started = started
        this.name = started.name
        this.history.prepend(started.resumedEntries)
        if (started.configuration?.skills) this.registry.addSource(started.configuration.skills)
        if (started.configuration) this.registry.addSource(started.configuration.plugins.commands)
        this.events.emit('context_update', started.session.getContextState())
      },
      (error: unknown) => this.events.emit('error', toError(error))
    )
  }

  /** Resolves once configuration is read and the session is built; rejects if that failed. */
  async ready(): Promise<void> {
    await this.starting
  }

  on<TName extends TInteractiveSessionEventName>(name: TName, listener: IInteractiveSessionEvents[TName]): void {
    this.events.on(name, listener)
  }

  off<TName extends TInteractiveSessionEventName>(name: TName, listener: IInteractiveSessionEvents[TName]): void {
    this.events.off(name, listener)
  }

  /** Connects a transport, which subscribes to this session's events. */
  attachTransport(transport: ITransportAdapter): void {
    transport.attach(this)
  }

  /**
   * Sends a prompt, or queues it while another runs (one queued prompt at most). `displayInput`
   * is what the message list shows; `rawInput` is what UserPromptSubmit hooks see. Resolves with
   * the result; a prompt that failed (the provider refused, a hook threw…) resolves too, with the
   * failure as `result.error` (the error the `error` event fires) and what it committed kept. Resolves
   * `undefined` only when the prompt was taken off the queue before it ran. Rejects with the start's failure when the session could not start (see `ready()`).
   */
  submit(input: string, displayInput?: string, rawInput?: string): Promise<IExecutionResult | undefined> {
    if (this.disposed) return Promise.reject(disposedError('submit()'))
    try {
      assertPrompt('submit()', input)
    } catch (error) {
      return Promise.reject(error)
    }
    return this.scheduler.submit({ input, ...(displayInput ? { displayInput } : {}), ...(rawInput ? { rawInput } : {}) })
  }

  /**
   * Submits a prompt whose final answer must match `output` (a zod 4 schema, or any Standard
   * Schema with its JSON Schema): the result's `output` is the validated value. A reply that does
   * not validate is retried once; then `result.error` (and the `error` event) carries the
   * `StructuredOutputError` with the raw text. Rejects with the start's failure, as `submit` does.
   */
  submitForOutput<TOutput>(input: string, output: TOutputSchema<TOutput>): Promise<(IExecutionResult & { output?: TOutput }) | undefined> {
    if (this.disposed) return Promise.reject(disposedError('submitForOutput()'))
    try {
      assertPrompt('submitForOutput()', input)
    } catch (error) {
      return Promise.reject(error)
    }
    return this.scheduler.submit({ input, output }) as Promise<(IExecutionResult & { output?: TOutput }) | undefined>
  }

  /** Aborts the running prompt (keeping its partial answer) and clears the queue. */
  abort(): void {
    this.scheduler.abort()
  }

  /**
   * Releases what the session holds: aborts a running prompt and closes its MCP connections (a
   * stdio server's process ends). The sandbox and the store are the caller's and stay open. Calls
   * that would start work afterwards (`submit`, `submitForOutput`, `executeCommand`, `compact`,
   * `clearHistory`) reject with a `ValidationError` saying the session was disposed.
   */
  async dispose(): Promise<void> {
    this.disposed = true
    this.scheduler.abort()
    const started = await this.starting.catch(() => undefined)
    await started?.mcp?.close()
  }

  /** Takes the queued prompt off the queue without touching the running one. */
  cancelQueue(): void {
    this.scheduler.cancelQueue()
  }

  /**
   * Runs a built-in command, a skill, or a bundle plugin's command (`review-kit:audit`, or `audit`
   * when only one bundle has it) by name; `null` when there is none.
   */
  async executeCommand(name: string, args = ''): Promise<ICommandResult | null> {
    if (this.disposed) throw disposedError('executeCommand()')
    const started = await this.starting
    const result = await this.commands.execute(this, name, args)
    if (result) {
      this.events.emit('context_update', started.session.getContextState())
      return result
    }
    const qualified = this.registry.resolveQualifiedName(name) ?? name
    const skill = started.configuration?.skills?.getSkill(qualified) ?? started.configuration?.plugins.commands.getCommand(qualified)
    if (!skill) return null
    const displayInput = `/${skill.name}${args.trim() ? ` ${args.trim()}` : ''}`
    this.history.push('skill-invocation', { skillName: skill.name, displayInput })
    const outcome = await this.submit(buildSkillPrompt(skill, args), displayInput, displayInput)
    const data = { skillName: skill.name, interrupted: outcome?.interrupted ?? false }
    if (outcome && !outcome.error) return { success: true, message: outcome.response, data }
    return { success: false, message: `The skill ${skill.name} did not complete${outcome?.error ? `: ${outcome.error.message}` : '.'}`, data }
  }

  /** Every built-in command, skill and bundle plugin command, as name and description. */
  listCommands(): Array<{ name: string; description: string }> {
    const skills = this.started?.configuration?.skills?.getSkills() ?? []
    const pluginCommands = this.started?.configuration?.plugins.commands.getCommands() ?? []
    return [...this.commands.list(), ...skills, ...pluginCommands].map(({ name, description }) => ({ name, description }))
  }

  /** The command palette: built-in commands with subcommands, then skills, then bundle plugins' commands. */
  getCommandRegistry(): CommandRegistry {
    return this.registry
  }

  isExecuting(): boolean {
    return this.scheduler.isBusy()
  }

  /** Same as `isExecuting`. */
  isRunning(): boolean {
    return this.scheduler.isBusy()
  }

  getPendingPrompt(): string | null {
    return this.scheduler.getQueued()?.input ?? null
  }

  /** The conversation the model sees now (after any compaction or clear), with secrets cut as the stored one has them. */
  getMessages(): TUniversalMessage[] {
    const started = this.started
    return started ? redactSecrets(started.session.getMessages(), started.secrets) : []
  }

  /** Everything the message list shows: chat entries and event entries (tools, skills, compactions). */
  getFullHistory(): IHistoryEntry[] {
    return this.history.getEntries()
  }

  getStreamingText(): string {
    return this.text.current
  }

  /** The tool calls of the running (or last) prompt. */
  getActiveTools(): IToolState[] {
    return this.history.getActiveTools()
  }

  getContextState(): IContextWindowState {
    return this.started?.session.getContextState() ?? { maxTokens: 0, usedTokens: 0, usedPercentage: 0, estimated: true }
  }

  getSessionId(): string {
    return this.sessionId
  }

  getMessageCount(): number {
    return this.started?.session.getMessages().length ?? 0
  }

  getUsage(): TRunUsage {
    return this.started?.session.getUsage() ?? { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 }
  }

  /** Readable problems with skill or agent files, which were skipped, and with MCP servers left out. */
  getWarnings(): string[] {
    const started = this.started
    // An MCP server's stderr may echo the env values it was given, which are secrets.
    return (started?.configuration?.problems ?? []).map((problem) => redactSecretText(problem.message, started?.secrets ?? []))
  }

  getPermissionMode(): TPermissionMode {
    return this.started?.session.getPermissionMode() ?? this.options.permissionMode ?? 'default'
  }

  setPermissionMode(mode: TPermissionMode): void {
    this.requireStarted().session.setPermissionMode(mode)
  }

  getSessionRules(): string[] {
    return this.started?.session.getPermissionEnforcer().getSessionRules() ?? []
  }

  getModel(): string {
    return this.started?.session.getModel() ?? this.options.model ?? ''
  }

  /** Switches the model from the next prompt on and records it on the stored session. */
  setModel(model: string): void {
    const started = this.requireStarted()
    started.session.setModel(model)
    started.persistence?.update({ model: started.session.getModel() })
    if (!this.scheduler.isBusy()) void this.flush(started)
  }

  getLanguage(): string | undefined {
    return this.started?.promptParts.language
  }

  /** Sets the response language: the system prompt says it from the next prompt on. */
  setLanguage(language: string): void {
    const started = this.requireStarted()
    started.promptParts.language = language.trim()
    started.session.setSystemMessage(buildSystemPrompt(started.promptParts))
  }

  getName(): string {
    return this.name
  }

  /** Renames the session; the stored record follows at once, or when the running prompt ends. */
  async setName(name: string): Promise<void> {
    if (name.trim() === '') throw new ValidationError('setName(): the name is empty.')
    this.name = name.trim()
    const started = await this.starting
    started.persistence?.update({ name: this.name })
    if (!this.scheduler.isBusy()) await this.flush(started)
  }

  /** Empties the conversation and the message list. */
  clearHistory(): Promise<void> {
    if (this.disposed) return Promise.reject(disposedError('clearHistory()'))
    return this.scheduler.exclusive(async () => {
      await (await this.starting).session.clearHistory()
    })
  }

  /** Summarizes the conversation into one message; submits wait in the queue meanwhile. */
  compact(instructions?: string): Promise<TCompactionOutcome> {
    if (this.disposed) return Promise.reject(disposedError('compact()'))
    return this.scheduler.exclusive(async (signal) => (await this.starting).session.compact(instructions, { trigger: 'manual', signal }))
  }

  private async execute(prompt: TPrompt, signal: AbortSignal): Promise<IExecutionResult | undefined> {
    this.text.reset()
    this.badAnswerReported = false
    this.history.beginPrompt()
    // Outside the `try`: a failed start was reported once, by `error`, as it failed; each prompt
    // after it rejects with that failure instead of reporting it again.
    const started = await this.starting
    let run: TSessionRunResult | undefined
    let toolSummaries: IToolSummary[] | undefined
    try {
      await started.persistence?.whenIdle()
      if (prompt.displayInput && prompt.displayInput !== prompt.input) this.history.push('display-input', { displayInput: prompt.displayInput })
      this.text.open()
      try {
        run = await started.session.run(prompt.input, {
          signal,
          ...(prompt.rawInput ? { rawInput: prompt.rawInput } : {}),
          ...(prompt.output ? { output: prompt.output } : {})
        })
      } finally {
        started.endEventStream()
      }
      toolSummaries = this.history.finishPrompt()
      const failure = findProviderFailure(run, started.secrets)
      if (failure) throw failure
      const result = { ...toExecutionResult(run, this.getFullHistory(), toolSummaries, started.session.getContextState()), ...('output' in run ? { output: run.output } : {}) }
      const redacted = redactExecutionResult(result, started.secrets)
      this.events.emit(redacted.interrupted ? 'interrupted' : 'complete', redacted)
      return redacted
    } catch (error) {
      const failure = toError(error)
      this.events.emit('error', failure)
      toolSummaries ??= this.history.finishPrompt()
      return redactExecutionResult(toFailedExecutionResult(run, this.getFullHistory(), toolSummaries, started.session.getContextState(), failure), started.secrets)
    } finally {
      this.text.close()
    }
  }

  /** Persists and reports the new context state as any work ends. */
  private async finish(): Promise<void> {
    const started = this.started
    if (started) await this.flush(started, true)
    this.events.emit('thinking', false)
    if (started) this.events.emit('context_update', started.session.getContextState())
  }

  private async flush(started: TStartedSession, withSnapshot = false): Promise<void> {
    try {
      await started.persistence?.flush(started.session.getNextEventSeq())
      // Hooks and commands change files outside tool calls, so the workspace is stored after all work.
      if (withSnapshot && started.persistence) await saveSandboxSnapshot(this.options, this.sessionId)
    } catch (error) {
      this.events.emit('error', toError(error))
    }
  }

  private requireStarted(): TStartedSession {
    if (!this.started) throw new ValidationError('The session is still starting; await session.ready() first.')
    return this.started
  }
}

// After dispose() the session's MCP connections are closed: a turn would run without their tools.
function disposedError(call: string): ValidationError {
  return new ValidationError(`${call}: this InteractiveSession was disposed; create a new one to go on.`)
}
