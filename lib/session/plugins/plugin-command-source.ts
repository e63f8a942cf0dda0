import type { TSkill } from '../commands/skill-loader.ts'
import type { ICommand, ICommandSource } from '../commands/command-types.ts'
import type { ILoadedBundlePlugin } from './loaded-bundle-plugin.ts'

/**
 * Slash commands of the enabled bundle plugins, named `<plugin>:<command>`. A command is a
 * Markdown prompt, run as a skill is: its body, with `$ARGUMENTS` replaced, becomes the turn.
 */
export class PluginCommandSource implements ICommandSource {
  readonly name = 'plugins'
  private readonly commands: TSkill[]

  constructor(plugins: readonly ILoadedBundlePlugin[]) {
    this.commands = plugins.flatMap((plugin) => plugin.commands)
  }

  getCommands(): ICommand[] {
    return this.commands.map((command) => ({
      name: command.name,
      description: command.description,
      origin: 'plugin' as const,
      ...(command.argumentHint ? { argumentHint: command.argumentHint } : {})
    }))
  }

  /** The command of that qualified name (without the leading `/`), as the prompt it runs. */
  getCommand(name: string): TSkill | undefined {
    return this.commands.find((command) => command.name === name.replace(/^\//, ''))
  }
}
