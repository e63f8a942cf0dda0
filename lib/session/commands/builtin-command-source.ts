import { PERMISSION_MODES } from '../../permissions/index.ts'
import type { ICommand, ICommandSource, ISystemCommand } from './command-types.ts'
import { createSystemCommands } from './system-commands.ts'

/** Languages the `language` command offers as choices; any other name is accepted too. */
export const SUGGESTED_LANGUAGES: readonly string[] = ['English', 'Korean', 'Japanese', 'Chinese', 'Spanish', 'French', 'German']

/** Choices the built-in source offers beyond its defaults. */
export type TBuiltinCommandSourceOptions = {
  /** Model ids offered under `model`. */
  models?: readonly string[]
  /** The system commands to describe; defaults to every built-in. */
  commands?: readonly ISystemCommand[]
}

function choice(name: string, description: string): ICommand {
  return { name, description, origin: 'builtin' }
}

/**
 * The built-in slash commands as a palette shows them, with subcommand trees for `mode` (the
 * permission modes), `model` (the models given) and `language`.
 */
export class BuiltinCommandSource implements ICommandSource {
  readonly name = 'builtin'
  private readonly commands: ICommand[]

  constructor(options: TBuiltinCommandSourceOptions = {}) {
    const subcommands: Record<string, ICommand[]> = {
      mode: PERMISSION_MODES.map((mode) => choice(mode, `Switch to ${mode} mode`)),
      model: (options.models ?? []).map((model) => choice(model, `Use ${model}`)),
      language: SUGGESTED_LANGUAGES.map((language) => choice(language, `Respond in ${language}`))
    }
    this.commands = (options.commands ?? createSystemCommands()).map((command) => {
      const children = subcommands[command.name]
      return {
        ...choice(command.name, command.description),
        ...(command.argumentHint ? { argumentHint: command.argumentHint } : {}),
        ...(children && children.length > 0 ? { subcommands: children } : {})
      }
    })
  }

  getCommands(): ICommand[] {
    return this.commands.map((command) => ({ ...command }))
  }
}
