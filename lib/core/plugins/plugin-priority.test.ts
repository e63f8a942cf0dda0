import { describe, expect, it } from 'vitest'
import { AbstractPlugin } from './abstract-plugin.ts'
import { PluginCategory } from './plugin-category.ts'
import { PluginPriority, sortPlugins } from './plugin-priority.ts'

type TNamed = { name: string; priority: number }

describe('sortPlugins', () => {
  it.each<[string, TNamed[], string[]]>([
    ['orders by priority, highest first', [{ name: 'low', priority: 1 }, { name: 'high', priority: 9 }, { name: 'mid', priority: 5 }], ['high', 'mid', 'low']],
    ['keeps registration order among equals', [{ name: 'a', priority: 5 }, { name: 'b', priority: 5 }, { name: 'c', priority: 5 }], ['a', 'b', 'c']],
    ['is stable around higher ones', [{ name: 'a', priority: 1 }, { name: 'x', priority: 7 }, { name: 'b', priority: 1 }, { name: 'y', priority: 7 }], ['x', 'y', 'a', 'b']],
    ['accepts negative and custom numbers', [{ name: 'neg', priority: -3 }, { name: 'zero', priority: 0 }, { name: 'custom', priority: 612 }], ['custom', 'zero', 'neg']],
    ['returns an empty list for no plugins', [], []]
  ])('%s', (_label, plugins, expected) => {
    expect(sortPlugins(plugins).map((plugin) => plugin.name)).toEqual(expected)
  })

  it('returns a new array and leaves the input as it was', () => {
    const plugins = [{ name: 'low', priority: 1 }, { name: 'high', priority: 2 }]
    const sorted = sortPlugins(plugins)
    expect(sorted).not.toBe(plugins)
    expect(plugins.map((plugin) => plugin.name)).toEqual(['low', 'high'])
  })
})

describe('PluginPriority', () => {
  it('names strictly descending numbers from HIGHEST to LOWEST', () => {
    const values = [PluginPriority.HIGHEST, PluginPriority.HIGH, PluginPriority.NORMAL, PluginPriority.LOW, PluginPriority.LOWEST]
    expect(values).toEqual([...values].sort((left, right) => right - left))
    expect(new Set(values).size).toBe(values.length)
  })
})

describe('AbstractPlugin', () => {
  it('defaults to the custom category and normal priority', () => {
    class Bare extends AbstractPlugin {
      readonly name = 'bare'
    }
    const plugin = new Bare()
    expect(plugin.category).toBe(PluginCategory.CUSTOM)
    expect(plugin.priority).toBe(PluginPriority.NORMAL)
    expect(plugin.beforeRun).toBeUndefined()
  })

  it('lets a subclass choose its category and priority', () => {
    class Guard extends AbstractPlugin {
      readonly name = 'guard'
      override readonly category = PluginCategory.SECURITY
      override readonly priority = PluginPriority.HIGH
    }
    expect(new Guard()).toMatchObject({ name: 'guard', category: 'security', priority: PluginPriority.HIGH })
  })
})
