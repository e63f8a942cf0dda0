import { AbstractAIProvider } from '../../../lib/core/abstract-ai-provider.ts'
import { createAssistantMessage, type TUniversalMessage } from '../../../lib/core/messages.ts'
import type { IChatOptions, TProviderResponse } from '../../../lib/core/provider.ts'

/** The one model the offline demo answers as. */
export const OFFLINE_DEMO_MODEL = 'offline-demo'

/** Options of the offline demo model. */
export type TOfflineDemoProviderOptions = {
  /** Pause before each streamed word, so the demo reads like a live model. Default 12 ms. */
  deltaDelayMs?: number
}

/**
 * The playground's default model, registered by its worker as the `offline-demo` provider: no
 * key, no network. It follows what the prompt asks for by keyword (`DEMO_INTENTS`: list, read,
 * search, find files, write, edit, run a command, git, fetch a URL, skills, compaction, a
 * subagent), runs the real tool for it, and answers from what the tool returned; any other
 * prompt gets a tour of the workspace. Asked to compact the conversation, it summarizes what the
 * conversation holds. Every move is deterministic, so specs and offline re-runs see the same.
 */
export class OfflineDemoProvider extends AbstractAIProvider {
  readonly name = OFFLINE_DEMO_MODEL
  private readonly deltaDelayMs: number

  constructor(options: TOfflineDemoProviderOptions = {}) {
    super()
    this.deltaDelayMs = options.deltaDelayMs ?? 12
  }

  async chat(messages: readonly TUniversalMessage[], options: IChatOptions): Promise<TProviderResponse> {
    // The demo's script loads with its first answer: a worker whose sessions use another provider never parses it.
    const { nextDemoStep } = await import('./next-demo-step.ts')
    const step = nextDemoStep(messages, (options.tools ?? []).map((tool) => tool.name))
    let text = ''
    for await (const word of this.streamWithAbort(this.words(step.text), options.signal)) {
      text += word
      options.onTextDelta?.(word)
    }
    // Tool calls come after the text, so a stream aborted mid-text never made them.
    const toolCalls = options.signal?.aborted ? [] : (step.toolCalls ?? [])
    return { ...createAssistantMessage(text, { toolCalls }), stopReason: options.signal?.aborted ? 'aborted' : toolCalls.length > 0 ? 'tool_use' : 'end_turn' }
  }

  private async *words(words: readonly string[]): AsyncGenerator<string> {
    for (const word of words) {
      if (this.deltaDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.deltaDelayMs))
      yield word
    }
  }
}
