import { formatTokenCount } from '../../core/context/format-token-count.ts'
import { isPermissionMode, PERMISSION_MODES } from '../../permissions/index.ts'
import type { ICommandResult, ISystemCommand } from './command-types.ts'

function ok(message: string, data?: Record<string, unknown>): ICommandResult {
  return { message, success: true, ...(data ? { data } : {}) }
}

function fail(message: string): ICommandResult {
  return { message, success: false }
}

// "1 message", "2 messages": a count and its noun, as the sentence needs them.
function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}

const help: ISystemCommand = {
  name: 'help',
  description: 'Show available commands',
  execute: (host) => {
    const commands = host.listCommands()
    return ok(commands.map((command) => `/${command.name} — ${command.description}`).join('\n'), { commands })
  }
}

const clear: ISystemCommand = {
  name: 'clear',
  description: 'Clear conversation history',
  execute: async (host) => {
    await host.clearHistory()
    return ok('Conversation cleared.')
  }
}

const compact: ISystemCommand = {
  name: 'compact',
  description: 'Compress the context window (optional focus instructions)',
  argumentHint: '[instructions]',
  execute: async (host, args) => {
    const outcome = await host.compact(args.trim() || undefined)
    if (!outcome.compacted) return fail(`Nothing was compacted: ${outcome.reason}`)
    const saved = `${formatTokenCount(outcome.tokensBefore)} → ${formatTokenCount(outcome.tokensAfter)} tokens`
    return ok(`Compacted ${counted(outcome.messagesBefore, 'message')} into a summary (${saved}).`, { ...outcome })
  }
}

const mode: ISystemCommand = {
  name: 'mode',
  description: 'Show or change the permission mode',
  argumentHint: `[${PERMISSION_MODES.join('|')}]`,
  execute: (host, args) => {
    const requested = args.trim()
    if (requested === '') return ok(`Permission mode: ${host.getPermissionMode()}`, { mode: host.getPermissionMode() })
    if (!isPermissionMode(requested)) return fail(`Unknown mode "${requested}". Choose one of: ${PERMISSION_MODES.join(', ')}.`)
    host.setPermissionMode(requested)
    return ok(`Permission mode set to ${requested}.`, { mode: requested })
  }
}

const model: ISystemCommand = {
  name: 'model',
  description: 'Show or change the AI model',
  argumentHint: '<model-id>',
  execute: (host, args) => {
    const modelId = args.trim()
    if (modelId === '') return ok(`Model: ${host.getModel()}`, { modelId: host.getModel() })
    host.setModel(modelId)
    return ok(`Model set to ${modelId}; it answers from the next prompt on.`, { modelId })
  }
}

const language: ISystemCommand = {
  name: 'language',
  description: 'Show or set the response language',
  argumentHint: '<language>',
  execute: (host, args) => {
    const requested = args.trim()
    if (requested === '') return ok(`Response language: ${host.getLanguage() ?? 'not set'}`, { language: host.getLanguage() ?? null })
    host.setLanguage(requested)
    return ok(`Responses will be in ${requested}.`, { language: requested })
  }
}

const cost: ISystemCommand = {
  name: 'cost',
  description: 'Session ID, message count and token usage',
  execute: (host) => {
    const usage = host.getUsage()
    const data = { sessionId: host.getSessionId(), messageCount: host.getMessageCount(), ...usage }
    const opening = `Session ${data.sessionId}: ${counted(data.messageCount, 'message')}`
    // A model that reports no usage (a scripted one, some compatible servers) is not a free one:
    // say so, with the context's estimate, rather than claim zero tokens.
    if (usage.inputTokens === 0 && usage.outputTokens === 0 && data.messageCount > 0) {
      const estimated = host.getContextState().usedTokens
      return ok(`${opening}; the model reported no token usage. The context holds about ${formatTokenCount(estimated)} tokens (estimated).`, { ...data, estimatedContextTokens: estimated })
    }
    return ok(`${opening}, ${usage.inputTokens} input and ${usage.outputTokens} output tokens${describeCacheAndReasoning(usage)}.`, data)
  }
}

// Cache and reasoning tokens change what a session costs (cache reads are cheap, writes dear,
// reasoning is billed as output), so /cost names each one the model reported.
function describeCacheAndReasoning(usage: { cacheReadTokens: number; cacheWriteTokens: number; reasoningTokens: number }): string {
  const parts: string[] = []
  if (usage.cacheReadTokens > 0) parts.push(`${usage.cacheReadTokens} read from the prompt cache`)
  if (usage.cacheWriteTokens > 0) parts.push(`${usage.cacheWriteTokens} written to it`)
  if (usage.reasoningTokens > 0) parts.push(`${usage.reasoningTokens} of the output spent reasoning`)
  return parts.length > 0 ? ` (${parts.join(', ')})` : ''
}

const context: ISystemCommand = {
  name: 'context',
  description: 'Token usage: used / max / percentage',
  execute: (host) => {
    const state = host.getContextState()
    return ok(`Context: ${formatTokenCount(state.usedTokens)} / ${formatTokenCount(state.maxTokens)} tokens (${state.usedPercentage}%)`, { ...state })
  }
}

const permissions: ISystemCommand = {
  name: 'permissions',
  description: 'Current mode and session-approved tools',
  execute: (host) => {
    const rules = host.getSessionRules()
    const approved = rules.length > 0 ? rules.join(', ') : 'none'
    return ok(`Permission mode: ${host.getPermissionMode()}\nApproved for this session: ${approved}`, {
      mode: host.getPermissionMode(),
      sessionRules: rules
    })
  }
}

const resume: ISystemCommand = {
  name: 'resume',
  description: 'Pick a saved session to resume',
  execute: () => ok('Choose a session to resume.', { triggerResumePicker: true })
}

const rename: ISystemCommand = {
  name: 'rename',
  description: 'Rename this session',
  argumentHint: '<name>',
  execute: async (host, args) => {
    const name = args.trim()
    if (name === '') return fail('Give the new name: /rename <name>')
    await host.setName(name)
    return ok(`Session renamed to "${name}".`, { name })
  }
}

const reset: ISystemCommand = {
  name: 'reset',
  // Settings belong to the app around the session: it reads `resetRequested` and resets its own.
  description: 'Reset the settings to their defaults',
  execute: () => ok('Reset requested.', { resetRequested: true })
}

/** The built-in commands every interactive session has, in the order `help` lists them. */
export function createSystemCommands(): ISystemCommand[] {
  return [help, clear, compact, mode, model, language, cost, context, permissions, resume, rename, reset]
}
