import * as z from 'zod'
import { describe, expect, it } from 'vitest'
import { checkToolArguments, createValidationResult } from './tool-arguments.ts'

const schema = z.strictObject({ name: z.string(), tags: z.array(z.string()).optional(), inner: z.object({ depth: z.number() }).optional() })

describe('checkToolArguments', () => {
  it.each([
    [{ name: 1 }, 'name: Invalid input: expected string, received number'],
    [{ name: 'x', tags: ['a', 2] }, 'tags[1]: Invalid input: expected string, received number'],
    [{ name: 'x', inner: { depth: 'deep' } }, 'inner.depth: Invalid input: expected number, received string'],
    [{ name: 'x', other: 1 }, '(root): Unrecognized key: "other"'],
    [{ invalidJsonArguments: '{"name": "x"' }, '(root): the arguments are not a valid JSON object: "{\\"name\\": \\"x\\""'],
    ['name=x', '(root): the arguments must be a JSON object, received string'],
    [[{ name: 'x' }], '(root): the arguments must be a JSON object, received an array']
  ])('describes %j as %s', (parameters, problem) => {
    const checked = checkToolArguments('demo', schema, parameters)
    expect(checked.success).toBe(false)
    if (!checked.success) expect(checked.result.error).toBe(`Invalid arguments for tool "demo": ${problem}. Correct the arguments and call the tool again.`)
  })

  it('passes valid arguments through parsed', () => {
    expect(checkToolArguments('demo', schema, { name: 'x' })).toEqual({ success: true, data: { name: 'x' } })
  })

  it('echoes at most 200 characters of broken JSON', () => {
    const checked = checkToolArguments('demo', schema, { invalidJsonArguments: `{"name": "${'y'.repeat(10_000)}` })
    expect(checked.success ? 0 : checked.result.error?.length).toBeLessThan(400)
  })
})

describe('createValidationResult', () => {
  it('lists ten problems and counts the rest', () => {
    const problems = Array.from({ length: 14 }, (_, index) => `field${index}: wrong`)
    const result = createValidationResult('many', problems)
    expect(result.error).toContain('field9: wrong; and 4 more.')
    expect(result.error).not.toContain('field10')
    expect(result.metadata).toEqual({ errorCode: 'invalid_arguments', problemCount: 14 })
  })
})
