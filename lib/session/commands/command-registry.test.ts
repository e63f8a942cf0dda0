import { describe, expect, it } from 'vitest'
import { BuiltinCommandSource } from './builtin-command-source.ts'
import { CommandRegistry } from './command-registry.ts'
import type { ICommand, ICommandSource } from './command-types.ts'

class ListSource implements ICommandSource {
  readonly name = 'list'
  refreshed = 0
  constructor(private readonly commands: ICommand[]) {}
  getCommands(): ICommand[] {
    return this.commands
  }
  async refresh(): Promise<void> {
    this.refreshed++
  }
}

const plugin = (name: string): ICommand => ({ name, description: name, origin: 'plugin' })

describe('CommandRegistry', () => {
  const registry = new CommandRegistry()
  registry.addSource(new BuiltinCommandSource({ models: ['claude-sonnet-4-6', 'gpt-5'] }))
  registry.addSource(new ListSource([plugin('help'), plugin('my-plugin:audit'), plugin('a:dup'), plugin('b:dup')]))

  it('lists every built-in command in order, first source winning a name', () => {
    const names = registry.getCommands().map((command) => command.name)
    expect(names).toEqual(['help', 'clear', 'compact', 'mode', 'model', 'language', 'cost', 'context', 'permissions', 'resume', 'rename', 'reset', 'my-plugin:audit', 'a:dup', 'b:dup'])
    expect(registry.getCommand('help')?.origin).toBe('builtin')
  })

  it.each([
    ['mod', ['mode', 'model']],
    ['/RE', ['resume', 'rename', 'reset']],
    ['zzz', []]
  ])('filters by prefix %j', (prefix, expected) => {
    expect(registry.getCommands(prefix).map((command) => command.name)).toEqual(expected)
  })

  it.each([
    ['audit', 'my-plugin:audit'],
    ['help', 'help'],
    ['dup', null],
    ['missing', null]
  ])('resolves %j to %j', (name, expected) => {
    expect(registry.resolveQualifiedName(name)).toBe(expected)
  })

  it('lists subcommands of mode, model and language', () => {
    expect(registry.getSubcommands('mode').map((command) => command.name)).toEqual(['plan', 'default', 'acceptEdits', 'bypassPermissions'])
    expect(registry.getSubcommands('model').map((command) => command.name)).toEqual(['claude-sonnet-4-6', 'gpt-5'])
    expect(registry.getSubcommands('language').length).toBeGreaterThan(3)
    expect(registry.getSubcommands('help')).toEqual([])
  })

  it('refreshes every source that can', async () => {
    const source = new ListSource([])
    const fresh = new CommandRegistry()
    fresh.addSource(source)
    fresh.addSource(new BuiltinCommandSource())
    await fresh.refresh()
    expect(source.refreshed).toBe(1)
  })
})
