import type { ICommand, ICommandSource } from './command-types.ts'

/**
 * Aggregates command sources for a palette or autocomplete: lists every command (first source
 * wins on a name collision, so built-ins cannot be shadowed by a skill), filters by prefix,
 * resolves plugin-qualified names and lists subcommands.
 */
export class CommandRegistry {
  private readonly sources: ICommandSource[] = []

  /** Adds a source after those already added. */
  addSource(source: ICommandSource): void {
    this.sources.push(source)
  }

  /** Re-reads every source that reads files. */
  async refresh(): Promise<void> {
    await Promise.all(this.sources.map((source) => source.refresh?.()))
  }

  /** Every command, or those whose name starts with `prefix` (case-insensitive, leading `/` ignored). */
  getCommands(prefix?: string): ICommand[] {
    const seen = new Set<string>()
    const commands: ICommand[] = []
    for (const source of this.sources) {
      for (const command of source.getCommands()) {
        if (seen.has(command.name)) continue
        seen.add(command.name)
        commands.push(command)
      }
    }
    if (prefix === undefined) return commands
    const wanted = prefix.replace(/^\//, '').toLowerCase()
    return commands.filter((command) => command.name.toLowerCase().startsWith(wanted))
  }

  /** The command of that exact name, if any. */
  getCommand(name: string): ICommand | undefined {
    const wanted = name.replace(/^\//, '')
    return this.getCommands().find((command) => command.name === wanted)
  }

  /**
   * The full name a short name stands for: itself when a command has that name, else the one
   * plugin-qualified command `plugin:name`; `null` when there is none or the short name is ambiguous.
   */
  resolveQualifiedName(name: string): string | null {
    const wanted = name.replace(/^\//, '')
    if (this.getCommand(wanted)) return wanted
    const qualified = this.getCommands().filter((command) => command.name.endsWith(`:${wanted}`))
    return qualified.length === 1 ? (qualified[0]?.name ?? null) : null
  }

  /** The subcommands of a command (the modes under `mode`, say); empty when it has none. */
  getSubcommands(name: string): ICommand[] {
    return [...(this.getCommand(name)?.subcommands ?? [])]
  }
}
