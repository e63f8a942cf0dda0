import * as z from 'zod'
import { describe, expect, it } from 'vitest'
import { isRobotaError } from '../core/errors.ts'
import { createZodFunctionTool } from './function-tool.ts'
import { ToolRegistry } from './tool-registry.ts'

const tool = (name: string) => createZodFunctionTool(name, `The ${name} tool`, z.object({}), () => name)

describe('ToolRegistry', () => {
  it('keeps tools by name in registration order', () => {
    const registry = new ToolRegistry([tool('beta')]).register(tool('alpha'))
    expect(registry.getNames()).toEqual(['beta', 'alpha'])
    expect(registry.getSchemas().map((schema) => schema.description)).toEqual(['The beta tool', 'The alpha tool'])
    expect(registry.get('alpha')?.schema.name).toBe('alpha')
    expect(registry.has('gamma')).toBe(false)
    expect(registry.size).toBe(2)
  })

  it('refuses a second tool with the same name', () => {
    const registry = new ToolRegistry([tool('Read')])
    const error: unknown = (() => {
      try {
        registry.register(tool('Read'))
      } catch (thrown) {
        return thrown
      }
    })()
    expect(isRobotaError(error) && error.code).toBe('CONFIGURATION_ERROR')
    expect(registry.size).toBe(1)
  })

  it.each(['', 'has space', 'dots.not.allowed', 'x'.repeat(65), 'ünïcode'])('refuses the name %j', (name) => {
    expect(() => new ToolRegistry().register(tool(name))).toThrow(/must be 1–64 letters, digits/)
  })

  it('unregisters and clears', () => {
    const registry = new ToolRegistry([tool('a'), tool('b')])
    expect(registry.unregister('a')).toBe(true)
    expect(registry.unregister('a')).toBe(false)
    expect(registry.getNames()).toEqual(['b'])
    registry.clear()
    expect(registry.getAll()).toEqual([])
  })
})
