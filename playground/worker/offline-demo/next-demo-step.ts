import type { TToolMessage, TUniversalMessage } from '../../../lib/core/messages.ts'
import { COMPACTION_SYSTEM_PROMPT } from '../../../lib/session/compaction/compaction-prompt.ts'
import { intentFor } from './demo-intents.ts'
import { mcpDemoStep, mcpToolIn } from './mcp-demo-step.ts'
import { outcomeOf, say, words, type TDemoContext, type TDemoStep } from './demo-step.ts'

/** Words in a prompt that make the demo hand the work to an Explore subagent (when it has the Agent tool). */
export const DEMO_DELEGATION_PATTERN = /\b(subagent|delegate)\b/i

/** What the demo says it understands, when a prompt asks for none of it. */
export const DEMO_HINT =
  'Ask me to list, read a file, search for "TODO", find *.ts files, create notes.txt with a haiku, edit README.md, run `a command`, show the git status, fetch a URL, or delegate to a subagent.'

/**
 * Decides the demo's next move. A compaction request gets a summary of the conversation; a
 * prompt that names a subagent starts an Explore subagent with the Agent tool; one that names an
 * MCP tool (`mcp__<server>__<tool>`) calls it; a prompt that asks
 * for something the demo understands (`DEMO_INTENTS`) runs that tool; anything else gets the tour:
 * list the workspace, read the README, answer from what both returned.
 */
export function nextDemoStep(messages: readonly TUniversalMessage[], toolNames: readonly string[]): TDemoStep {
  if (isSummaryRequest(messages)) return say(summarizeConversation(messages))
  const lastUser = messages.findLastIndex((message) => message.role === 'user')
  const results = messages.slice(lastUser + 1).filter((message): message is TToolMessage => message.role === 'tool')
  const prompt = messages[lastUser]?.content ?? ''
  const context: TDemoContext = {
    prompt,
    results,
    callId: `demo_${lastUser}_${results.length}`,
    tools: new Set(toolNames),
    systemPrompt: messages.find((message) => message.role === 'system')?.content ?? ''
  }
  if (context.tools.has('Agent') && DEMO_DELEGATION_PATTERN.test(prompt)) return delegationStep(context)
  const mcpTool = mcpToolIn(prompt)
  if (mcpTool) return mcpDemoStep(context, mcpTool)
  const intent = intentFor(prompt)
  if (intent?.tool && !context.tools.has(intent.tool)) return say(`I would use the ${intent.tool} tool for that, but this session does not offer it.`)
  if (intent) return intent.step(context)
  return tourStep(context)
}

function tourStep(context: TDemoContext): TDemoStep {
  const { results, callId } = context
  if (context.tools.has('Bash') && results.length === 0) {
    return { text: words("I'll look around the workspace first."), toolCalls: [{ id: callId, name: 'Bash', arguments: { command: 'ls' } }] }
  }
  if (context.tools.has('Bash') && results.length === 1) {
    return { text: words('Now let me read the README.'), toolCalls: [{ id: callId, name: 'Bash', arguments: { command: 'cat README.md' } }] }
  }
  return say(summarizeTour(results))
}

function delegationStep({ results, callId }: TDemoContext): TDemoStep {
  if (results.length === 0) {
    const request = { description: 'explore the workspace', prompt: 'Look around the workspace and report what it holds.', subagent_type: 'Explore' }
    return { text: words('I will ask an Explore subagent to look around.'), toolCalls: [{ id: callId, name: 'Agent', arguments: request }] }
  }
  const report = reportOf(results[0])
  return say(report ? `The Explore subagent reported: ${report}` : 'The Explore subagent did not report back.')
}

function reportOf(message: TToolMessage | undefined): string | undefined {
  if (!message) return undefined
  try {
    const parsed = JSON.parse(message.content) as { response?: unknown }
    return typeof parsed.response === 'string' ? parsed.response : undefined
  } catch {
    return undefined
  }
}

function summarizeTour(results: readonly TToolMessage[]): string {
  const listed = outcomeOf(results[0])
  if (!listed?.ok) return `I could not inspect the workspace this time${listed?.error ? `: ${listed.error}` : '.'}`
  const listing = listed.output
  const read = outcomeOf(results[1])
  const readme = read?.ok ? read.output : undefined
  const entries = listing.split('\n').map((line) => line.trim()).filter(Boolean)
  const title = readme?.split('\n').find((line) => line.trim() !== '')?.replace(/^#+\s*/, '')
  const parts = [`The workspace holds ${entries.length} entries: ${entries.join(', ')}.`]
  // A read that was refused (plan mode, a denied prompt) says so, rather than that there is no README.
  parts.push(title ? `Its README is titled "${title}".` : read?.error ? `I could not read the README: ${read.error}` : 'I found no README to summarize.')
  parts.push('(This answer came from the offline demo model, which runs without a key or network.')
  parts.push(`${DEMO_HINT})`)
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
