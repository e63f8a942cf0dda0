import { ValidationError } from '../../core/errors.ts'
import type { ICommandHost, ICommandResult, ISystemCommand } from './command-types.ts'
import { describeError } from '../../core/describe-error.ts'

/**
 * Runs system commands by name against a session. A command that throws comes back as a failed
 * result carrying the error's message, so one bad argument never breaks the caller's input loop.
 */
export class SystemCommandExecutor {
  private readonly commands = new Map<string, ISystemCommand>()

  constructor(commands: readonly ISystemCommand[] = []) {
    for (const command of commands) this.register(command)
  }

  /** Adds a command; a second command with the same name is a mistake, so it throws. */
  register(command: ISystemCommand): void {
    if (this.commands.has(command.name)) throw new ValidationError(`Two system commands are named "${command.name}".`)
    this.commands.set(command.name, command)
  }

  /** True when a command of that name (without the leading `/`) is registered. */
  has(name: string): boolean {
    return this.commands.has(normalizeName(name))
  }

  /** Every command, in registration order. */
  list(): ISystemCommand[] {
    return [...this.commands.values()]
  }

  /** Runs the named command; `null` when there is none of that name. */
  async execute(host: ICommandHost, name: string, args: string): Promise<ICommandResult | null> {
    const command = this.commands.get(normalizeName(name))
    if (!command) return null
    try {
      return await command.execute(host, args)
    } catch (error) {
      return { message: describeError(error), success: false }
    }
  }
}

function normalizeName(name: string): string {
  return name.trim().replace(/^\//, '')
}
