import type { ICommand } from '../../lib/session/commands/command-types.ts'

/**
 * The commands a prompt asks for while its name is being typed: the text is `/` plus the start
 * of a name (no space yet), matched case-insensitively against the start of each name. Anything
 * else is no command in progress: `undefined`.
 */
export function suggestCommands(commands: readonly ICommand[], text: string): ICommand[] | undefined {
  const match = /^\/(\S*)$/.exec(text)
  if (!match) return undefined
  const typed = (match[1] ?? '').toLowerCase()
  return commands.filter((command) => command.name.toLowerCase().startsWith(typed))
}

/** True when a submitted prompt is a slash command line rather than a message for the model. */
export function isCommandLine(text: string): boolean {
  return /^\/[^\s/]/.test(text.trim())
}

/** True when a prompt has nothing to send: it is empty, or a bare `/`, which names no command and asks the model nothing. */
export function isEmptyPrompt(text: string): boolean {
  return /^\s*\/?\s*$/.test(text)
}
