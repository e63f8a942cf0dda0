import * as z from 'zod'
import { describe, expect, it } from 'vitest'
import { stripSafeIntegerBounds, zodToJsonSchema } from './zod-to-json-schema.ts'

describe('zodToJsonSchema', () => {
  it("leaves out zod's implicit safe-integer bounds at every depth, keeping bounds the schema sets", () => {
    const schema = z.object({
      count: z.number().int(),
      page: z.number().int().min(1),
      nested: z.object({ ids: z.array(z.number().int().max(99)) })
    })
    expect(zodToJsonSchema(schema).properties).toEqual({
      count: { type: 'integer' },
      page: { type: 'integer', minimum: 1 },
      nested: {
        type: 'object',
        properties: { ids: { type: 'array', items: { type: 'integer', maximum: 99 } } },
        required: ['ids']
      }
    })
  })

  it.each([
    ['object', z.object({ a: z.string() }), false],
    ['strictObject', z.strictObject({ a: z.string() }), false],
    ['looseObject', z.looseObject({ a: z.string() }), true],
    ['passthrough', z.object({ a: z.string() }).passthrough(), true]
  ])('sets additionalProperties for a %s to %s', (_, schema, expected) => {
    expect(zodToJsonSchema(schema).additionalProperties).toBe(expected)
  })

  it('keeps descriptions and enums, and requires only fields without a default or optional', () => {
    const schema = z.object({
      mode: z.enum(['a', 'b']).describe('Which mode'),
      flag: z.boolean().default(false),
      note: z.string().optional()
    })
    expect(zodToJsonSchema(schema)).toEqual({
      type: 'object',
      properties: {
        mode: { type: 'string', enum: ['a', 'b'], description: 'Which mode' },
        flag: { type: 'boolean', default: false },
        note: { type: 'string' }
      },
      required: ['mode'],
      additionalProperties: false
    })
  })

  it('omits $schema and an empty required list', () => {
    const parameters = zodToJsonSchema(z.object({ note: z.string().optional() }))
    expect(parameters).toEqual({ type: 'object', properties: { note: { type: 'string' } }, additionalProperties: false })
  })
})

describe('stripSafeIntegerBounds', () => {
  it.each([
    [{ minimum: -9007199254740991, maximum: 9007199254740991 }, {}],
    [{ minimum: 0, maximum: 9007199254740991 }, { minimum: 0 }],
    [{ minimum: -9007199254740991, maximum: 10 }, { maximum: 10 }],
    [{ anyOf: [{ maximum: 9007199254740991 }, { type: 'null' }] }, { anyOf: [{}, { type: 'null' }] }],
    [{ properties: { minimum: { type: 'integer' } } }, { properties: { minimum: { type: 'integer' } } }],
    ['text', 'text']
  ])('turns %j into %j', (input, expected) => {
    expect(stripSafeIntegerBounds(input)).toEqual(expected)
  })
})
