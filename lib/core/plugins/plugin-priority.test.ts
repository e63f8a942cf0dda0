import { describe, expect, it } from 'vitest'
import { AbstractPlugin } from './abstract-plugin.ts'
import { PluginCategory } from './plugin-category.ts'
import { PluginPriority, sortPlugins } from './plugin-priority.ts'

type TNamed = { name: string; priority: number }

const plugin = (name: string, priority: number): TNamed => ({ name, priority })

describe('sortPlugins', () => {
  it.each<[string, TNamed[], string[]]>([
    ['orders by priority, highest first', [plugin('low', 1), plugin('high', 9), plugin('mid', 5)], ['high', 'mid', 'low']],
    ['keeps registration order among equals', [plugin('a', 5), plugin('b', 5), plugin('c', 5)], ['a', 'b', 'c']],
    ['is stable around higher ones', [plugin('a', 1), plugin('x', 7), plugin('b', 1), plugin('y', 7)], ['x', 'y', 'a', 'b']],
    ['accepts negative and custom numbers', [plugin('neg', -3), plugin('zero', 0), plugin('odd', 612)], ['odd', 'zero', 'neg']],
    ['returns an empty list for no plugins', [], []]
  ])('%s', (_label, plugins, expected) => {
    expect(sortPlugins(plugins).map(({ name }) => name)).toEqual(expected)
  })

  it('returns a new array and leaves the input as it was', () => {
    const plugins = [plugin('low', 1), plugin('high', 2)]
    const sorted = sortPlugins(plugins)
    expect(sorted).not.toBe(plugins)
    expect(plugins.map(({ name }) => name)).toEqual(['low', 'high'])
  })
})

describe('PluginPriority', () => {
  it('names strictly descending numbers from HIGHEST to LOWEST', () => {
    const { HIGHEST, HIGH, NORMAL, LOW, LOWEST } = PluginPriority
    const values = [HIGHEST, HIGH, NORMAL, LOW, LOWEST]
    expect(values).toEqual([...values].sort((left, right) => right - left))
    expect(new Set(values).size).toBe(values.length)
  })
})

describe('AbstractPlugin', () => {
  it('defaults to the custom category and normal priority', () => {
    class Bare extends AbstractPlugin {
      readonly name = 'bare'
    }
    const bare = new Bare()
    expect(bare.category).toBe(PluginCategory.CUSTOM)
    expect(bare.priority).toBe(PluginPriority.NORMAL)
    expect(bare.beforeRun).toBeUndefined()
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
