import type { TToolMessage } from '../../../lib/core/messages.ts'

/** A tool call the demo makes. */
export type TDemoToolCall = { id: string; name: string; arguments: Record<string, unknown> }

/** One move of the demo: words to stream, then the tool calls it makes, if any. */
export type TDemoStep = { text: string[]; toolCalls?: TDemoToolCall[] }

/** What the demo knows when it decides its next move within one prompt. */
export type TDemoContext = {
  /** The user's prompt this turn answers. */
  prompt: string
  /** The tool results since that prompt, oldest first. */
  results: readonly TToolMessage[]
  /** An id for the next tool call, stable across re-runs of the same conversation. */
  callId: string
  /** The names of the tools the session offers. */
  tools: ReadonlySet<string>
  /** The session's system prompt ('' without one). */
  systemPrompt: string
}

/** What one tool call returned, read from its tool message. */
export type TDemoToolOutcome = { ok: boolean; output: string; error?: string }

/** An answer without tool calls, streamed word by word. */
export function say(text: string): TDemoStep {
  return { text: words(text) }
}

/** A sentence, then one tool call. */
export function call(text: string, context: TDemoContext, name: string, toolArguments: Record<string, unknown>): TDemoStep {
  return { text: words(text), toolCalls: [{ id: context.callId, name, arguments: toolArguments }] }
}

/** Splits text into the words a model would stream, each with its trailing space. */
export function words(text: string): string[] {
  return text.match(/\S+\s*/g) ?? [text]
}

/** Reads a tool message: built-in tools answer `{ success, output, error }`, others plain text. */
export function outcomeOf(message: TToolMessage | undefined): TDemoToolOutcome | undefined {
  if (!message) return undefined
  // A tool that failed without data (a refusal, a denied permission) reads `Error: …`.
  if (message.content.startsWith('Error: ')) return { ok: false, output: '', error: message.content.slice('Error: '.length) }
  try {
    const parsed = JSON.parse(message.content) as { success?: unknown; output?: unknown; error?: unknown }
    const output = typeof parsed.output === 'string' ? parsed.output : message.content
    const error = typeof parsed.error === 'string' ? parsed.error : undefined
    return { ok: parsed.success !== false && error === undefined, output, ...(error === undefined ? {} : { error }) }
  } catch {
    return { ok: true, output: message.content }
  }
}
