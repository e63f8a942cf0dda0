import { AbstractAIProvider } from '../core/abstract-ai-provider.ts'
import { ProviderError } from '../core/errors.ts'
import { assertScriptedOptions, assertScriptedStep, assertScriptedSteps } from './assert-scripted-script.ts'
import type { TToolCall, TUniversalMessage, TUniversalMessageMetadata } from '../core/messages.ts'
import type { IChatOptions, TProviderResponse } from '../core/provider.ts'
import { createAssistantMessage } from '../core/messages.ts'

/** One scripted model turn: text (streamed piece by piece when an array) and tool calls. */
export type TScriptedStep = {
  text?: string | string[]
  toolCalls?: Array<{ id?: string; name: string; arguments: Record<string, unknown> }>
  metadata?: TUniversalMessageMetadata
  /** Throw this instead of answering, to script a provider failure. */
  error?: Error
}

/** A step, or a function that picks one from the messages the provider was sent. */
export type TScriptedStepSource = TScriptedStep | ((messages: readonly TUniversalMessage[]) => TScriptedStep)

/** Options of a scripted provider. */
export type TScriptedProviderOptions = {
  name?: string
  /** Pause before each streamed piece, for demos that should look like a live model. */
  deltaDelayMs?: number
  /** Keep every call in `calls` (default). Benchmarks turn it off: keeping them all is the fake's cost, not the loop's. */
  recordCalls?: boolean
}

/**
 * A deterministic provider that plays back a script, one step per call, streaming text through
 * `onTextDelta` the way a real provider does and honouring abort mid-stream. Tool call ids
 * default to `call_<step>_<index>`.
 */
export class ScriptedProvider extends AbstractAIProvider {
  readonly name: string
  private readonly steps: TScriptedStepSource[]
  private readonly deltaDelayMs: number
  private readonly recordCalls: boolean
  private nextStep = 0
  /** Every message list this provider was called with, in order. */
  readonly calls: Array<{ messages: readonly TUniversalMessage[]; options: Omit<IChatOptions, 'signal'> }> = []

  /**
   * @throws ConfigurationError naming the step index and key of a malformed step (a function step's
   * when it returns it), or an option it does not take.
   */
  constructor(steps: TScriptedStepSource[], options: TScriptedProviderOptions = {}) {
    super()
    assertScriptedSteps(steps)
    assertScriptedOptions(options)
    this.steps = steps
    this.name = options.name ?? 'scripted'
    this.deltaDelayMs = options.deltaDelayMs ?? 0
    this.recordCalls = options.recordCalls ?? true
  }

  /** How many scripted steps are still unplayed. */
  get remainingSteps(): number {
    return this.steps.length - this.nextStep
  }

  async chat(messages: readonly TUniversalMessage[], options: IChatOptions): Promise<TProviderResponse> {
    const { signal, ...recorded } = options
    // The loop builds a fresh message array for every call and never changes it afterwards, so
    // keeping the reference records the call without a per-round copy.
    if (this.recordCalls) this.calls.push({ messages, options: recorded })
    const stepIndex = this.nextStep
    const source = this.steps[stepIndex]
    if (source === undefined) {
      throw new ProviderError(`ScriptedProvider has no step left: all ${this.steps.length} scripted steps were used.`)
    }
    this.nextStep++
    const step = typeof source === 'function' ? source(messages) : source
    if (typeof source === 'function') assertScriptedStep(step, `new ScriptedProvider(steps): steps[${stepIndex}]()`)
    if (step.error) throw step.error

    let text = ''
    for await (const piece of this.streamWithAbort(this.pieces(step), signal)) {
      text += piece
      options.onTextDelta?.(piece)
    }
    const aborted = signal?.aborted === true
    // Tool calls arrive after the text, so a stream aborted mid-text never got them.
    const toolCalls: TToolCall[] = (aborted ? [] : (step.toolCalls ?? [])).map((call, index) => ({
      id: call.id ?? `call_${stepIndex}_${index}`,
      name: call.name,
      arguments: call.arguments
    }))
    return {
      ...createAssistantMessage(text, { toolCalls, ...(step.metadata ? { metadata: step.metadata } : {}) }),
      stopReason: aborted ? 'aborted' : toolCalls.length > 0 ? 'tool_use' : 'end_turn'
    }
  }

  private async *pieces(step: TScriptedStep): AsyncGenerator<string> {
    const pieces = typeof step.text === 'string' ? [step.text] : (step.text ?? [])
    for (const piece of pieces) {
      if (this.deltaDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.deltaDelayMs))
      yield piece
    }
  }
}
