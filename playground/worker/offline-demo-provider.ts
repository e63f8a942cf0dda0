import { AbstractAIProvider } from '../../lib/core/abstract-ai-provider.ts'
import { createAssistantMessage, type IToolMessage, type TUniversalMessage } from '../../lib/core/messages.ts'
import type { IChatOptions, IProviderResponse } from '../../lib/core/provider.ts'
import { COMPACTION_SYSTEM_PROMPT } from '../../lib/session/compaction/compaction-prompt.ts'

/** One move of the demo: words to stream, then the tool calls it makes, if any. */
export type TDemoStep = { text: string[]; toolCalls?: Array<{ id: string; name: string; arguments: Record<string, unknown> }> }

/** Options of the offline demo model. */
export type TOfflineDemoProviderOptions = {
  /** Pause before each streamed word, so the demo reads like a live model. Default 12 ms. */
  deltaDelayMs?: number
}

/**
 * The playground's default model, registered by its worker as the `offline-demo` provider: no
 * key, no network. For every prompt it lists the workspace
 * with `Bash`, reads `README.md`, then streams a summary built from what those real tool calls
 * returned, so the demo exercises the loop, the sandbox and replay end to end. Asked to compact
 * the conversation, it summarizes what the conversation holds: the requests and the commands run.
 */
export class OfflineDemoProvider extends AbstractAIProvider {
  readonly name = 'offline-demo'
  private readonly deltaDelayMs: number

  constructor(options: TOfflineDemoProviderOptions = {}) {
    super()
    this.deltaDelayMs = options.deltaDelayMs ?? 12
  }

  async chat(messages: readonly TUniversalMessage[], options: IChatOptions): Promise<IProviderResponse> {
    const tools = options.tools ?? []
    const step = nextDemoStep(messages, tools.length > 0, tools.some((tool) => tool.name === 'Agent'))
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

/** Words in a prompt that make the demo hand the work to an Explore subagent (when it has the Agent tool). */
export const DEMO_DELEGATION_PATTERN = /\b(subagent|delegate)\b/i

/**
 * Decides the demo's next move from the tool results since the last user message. Asked to
 * delegate (a prompt naming a subagent), it starts an Explore subagent with the Agent tool and
 * answers with its report.
 */
export function nextDemoStep(messages: readonly TUniversalMessage[], toolsOffered: boolean, agentOffered = false): TDemoStep {
  if (isSummaryRequest(messages)) return { text: words(summarizeConversation(messages)) }
  const lastUser = messages.findLastIndex((message) => message.role === 'user')
  const results = messages.slice(lastUser + 1).filter((message): message is IToolMessage => message.role === 'tool')
  const callId = `demo_${lastUser}_${results.length}`
  const prompt = messages[lastUser]?.content
  if (agentOffered && typeof prompt === 'string' && DEMO_DELEGATION_PATTERN.test(prompt)) return delegationStep(results, callId)
  if (toolsOffered && results.length === 0) {
    return { text: words("I'll look around the workspace first."), toolCalls: [{ id: callId, name: 'Bash', arguments: { command: 'ls' } }] }
  }
  if (toolsOffered && results.length === 1) {
    return {
      text: words('Now let me read the README.'),
      toolCalls: [{ id: callId, name: 'Bash', arguments: { command: 'cat README.md' } }]
    }
  }
  return { text: words(summarize(results)) }
}

function delegationStep(results: readonly IToolMessage[], callId: string): TDemoStep {
  if (results.length === 0) {
    const request = { description: 'explore the workspace', prompt: 'List the workspace and read its README.', subagent_type: 'Explore' }
    return { text: words('I will ask an Explore subagent to look around.'), toolCalls: [{ id: callId, name: 'Agent', arguments: request }] }
  }
  const report = parseReport(results[0])
  return { text: words(report ? `The Explore subagent reported: ${report}` : 'The Explore subagent did not report back.') }
}

function parseReport(message: IToolMessage | undefined): string | undefined {
  if (!message) return undefined
  try {
    const parsed = JSON.parse(message.content) as { response?: unknown }
    return typeof parsed.response === 'string' ? parsed.response : undefined
  } catch {
    return undefined
  }
}

function summarize(results: readonly IToolMessage[]): string {
  const listing = outputOf(results[0])
  const readme = outputOf(results[1])
  if (listing === undefined) return 'I could not inspect the workspace this time.'
  const entries = listing.split('\n').map((line) => line.trim()).filter(Boolean)
  const title = readme?.split('\n').find((line) => line.trim() !== '')?.replace(/^#+\s*/, '')
  const parts = [`The workspace holds ${entries.length} entries: ${entries.join(', ')}.`]
  parts.push(title ? `Its README is titled "${title}".` : 'I found no README to summarize.')
  parts.push('(This answer came from the offline demo model, which runs without a key or network.)')
  return parts.join(' ')
}

function isSummaryRequest(messages: readonly TUniversalMessage[]): boolean {
  return messages.some((message) => message.role === 'system' && message.content === COMPACTION_SYSTEM_PROMPT)
}

// The last message is the summary request itself, so it is left out.
function summarizeConversation(messages: readonly TUniversalMessage[]): string {
  const conversation = messages.slice(0, -1)
  const requests = conversation.filter((message) => message.role === 'user').map((message) => `"${message.content.trim()}"`)
  const commands = conversation.flatMap((message) =>
    message.role === 'assistant' ? (message.toolCalls ?? []).map((call) => commandOf(call.arguments)) : []
  )
  const parts = [requests.length > 0 ? `The user asked: ${requests.join(', ')}.` : 'The user has asked nothing yet.']
  parts.push(commands.length > 0 ? `Commands run: ${[...new Set(commands)].join(', ')}.` : 'No commands were run.')
  parts.push('(Summary written by the offline demo model.)')
  return parts.join(' ')
}

function commandOf(toolArguments: Record<string, unknown>): string {
  return typeof toolArguments.command === 'string' ? `\`${toolArguments.command}\`` : 'a tool call'
}

function outputOf(message: IToolMessage | undefined): string | undefined {
  if (!message) return undefined
  try {
    const parsed = JSON.parse(message.content) as { output?: unknown }
    return typeof parsed.output === 'string' ? parsed.output : message.content
  } catch {
    return message.content
  }
}

function words(text: string): string[] {
  return text.match(/\S+\s*/g) ?? [text]
}
