import * as z from 'zod'
import { describe, expect, it } from 'vitest'
import { createZodFunctionTool } from './function-tool.ts'

const context = { toolCallId: 'call_1' }

describe('createZodFunctionTool', () => {
  const add = createZodFunctionTool(
    'add',
    'Adds two numbers',
    z.object({ a: z.number(), b: z.number() }),
    async ({ a, b }) => ({ sum: a + b })
  )

  it('advertises a provider-shaped JSON schema', () => {
    expect(add.schema).toEqual({
      name: 'add',
      description: 'Adds two numbers',
      parameters: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
        additionalProperties: false
      }
    })
  })

  it('runs the function with validated arguments', async () => {
    expect(await add.execute({ a: 2, b: 3 }, context)).toEqual({ success: true, data: { sum: 5 } })
  })

  it('refuses invalid arguments with an error naming each wrong field', async () => {
    const result = await add.execute({ a: 'two' }, context)
    expect(result.success).toBe(false)
    expect(result.error).toMatch(/^Invalid arguments for tool "add": a: .*number.*; b: .*number/)
  })

  it('marks passthrough objects as accepting unknown keys, and keeps them', async () => {
    const loose = createZodFunctionTool('loose', 'Keeps extras', z.object({ a: z.string() }).passthrough(), (input) => input)
    expect(loose.schema.parameters.additionalProperties).toBe(true)
    expect(await loose.execute({ a: 'x', extra: 1 }, context)).toEqual({ success: true, data: { a: 'x', extra: 1 } })
  })
})
