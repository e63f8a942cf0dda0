/** A slash command as the autocomplete lists it. */
export type TCommandChoice = { name: string; description: string }

/** Most suggestions shown at once. */
export const MAX_SUGGESTIONS = 8

/**
 * The commands a prompt line starting with `/` may complete to: names starting with what was
 * typed, before any space; none once arguments are being typed or the line is no command.
 */
export function suggestCommands(text: string, commands: readonly TCommandChoice[]): TCommandChoice[] {
  const match = /^\/(\S*)$/.exec(text)
  if (!match) return []
  const typed = (match[1] ?? '').toLowerCase()
  return commands.filter((command) => command.name.toLowerCase().startsWith(typed)).slice(0, MAX_SUGGESTIONS)
}

/** Splits `/name args` into the command name and its arguments; `undefined` for a plain prompt. */
export function parseSlashCommand(text: string): { name: string; args: string } | undefined {
  const match = /^\/(\S+)(?:\s+([\s\S]*))?$/.exec(text.trim())
  return match ? { name: match[1] as string, args: (match[2] ?? '').trim() } : undefined
}
