import * as z from 'zod'
import { describe, expect, it } from 'vitest'
import { ConfigurationError } from '../core/errors.ts'
import { createFunctionTool, createZodFunctionTool } from './function-tool.ts'

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

  it('refuses a name a provider would refuse, where the tool is made', () => {
    const noParameters = z.object({})
    expect(() => createZodFunctionTool('add numbers!', 'Adds', noParameters, () => 0)).toThrow('Tool name "add numbers!" must be 1–64 letters, digits, "_" or "-".')
    expect(() => createFunctionTool('', 'Nothing', { type: 'object', properties: {} }, () => 0)).toThrow('Tool name "" must be')
    expect(createZodFunctionTool('add_numbers-2', 'Adds', noParameters, () => 0).schema.name).toBe('add_numbers-2')
  })

  it('refuses a tool with no function, and a JSON Schema whose root is not an object, where the tool is made', () => {
    const noFunction = () => createZodFunctionTool('t', 'd', z.object({}), undefined as never)
    expect(noFunction).toThrow(ConfigurationError)
    expect(noFunction).toThrow('Tool "t": its function is missing; pass the function that runs it after the parameters.')
    for (const parameters of [{ type: 'string' }, null, { type: 'strng' }]) {
      const create = () => createFunctionTool('t', 'd', parameters as never, () => 0)
      expect(create).toThrow(ConfigurationError)
      expect(create).toThrow(`createFunctionTool("t"): the parameters must be a JSON Schema of an object ({ type: 'object', properties }); got ${JSON.stringify(parameters)}.`)
    }
  })

  it('refuses parameters that are not a zod object with a ConfigurationError naming the tool', () => {
    const notAnObject = z.string() as unknown as z.ZodObject
    expect(() => createZodFunctionTool('t', 'd', notAnObject, () => 0)).toThrow(ConfigurationError)
    expect(() => createZodFunctionTool('t', 'd', notAnObject, () => 0)).toThrow(
      'createZodFunctionTool("t"): the parameters must be a zod object (z.object({ … })); got a schema of JSON type "string".'
    )
  })

  it('runs the function with validated arguments', async () => {
    expect(await add.execute({ a: 2, b: 3 }, context)).toEqual({ success: true, data: { sum: 5 } })
  })

  it('refuses invalid arguments with an error naming each wrong field', async () => {
    const result = await add.execute({ a: 'two' }, context)
    expect(result.success).toBe(false)
    expect(result.metadata).toEqual({ errorCode: 'invalid_arguments', problemCount: 2 })
    expect(result.error).toMatch(/^Invalid arguments for tool "add": a: .*number.*; b: .*number/)
  })

  it('marks passthrough objects as accepting unknown keys, and keeps them', async () => {
    const loose = createZodFunctionTool('loose', 'Keeps extras', z.object({ a: z.string() }).passthrough(), (input) => input)
    expect(loose.schema.parameters.additionalProperties).toBe(true)
    expect(await loose.execute({ a: 'x', extra: 1 }, context)).toEqual({ success: true, data: { a: 'x', extra: 1 } })
  })

  it('applies defaults, so a field with one is optional to the model', async () => {
    const greet = createZodFunctionTool('greet', 'Greets', z.object({ name: z.string().default('world') }), ({ name }) => `hi ${name}`)
    expect(greet.schema.parameters.required).toBeUndefined()
    expect(await greet.execute({}, context)).toEqual({ success: true, data: 'hi world' })
  })

  it('turns a throwing function into a failed result', async () => {
    const broken = createZodFunctionTool('broken', 'Throws', z.object({}), () => {
      throw new Error('database is down')
    })
    expect(await broken.execute({}, context)).toEqual({
      success: false,
      error: 'Tool "broken" failed: database is down',
      metadata: { errorCode: 'execution_failed' }
    })
  })

  it('passes the execution context through', async () => {
    const echo = createZodFunctionTool('echo', 'Echoes the call id', z.object({}), (_, { toolCallId }) => toolCallId)
    expect(await echo.execute({}, { toolCallId: 'call_42' })).toEqual({ success: true, data: 'call_42' })
  })
})

describe('createFunctionTool', () => {
  const parameters = {
    type: 'object' as const,
    properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1, maximum: 7 } },
    required: ['city'],
    additionalProperties: false
  }
  const forecast = createFunctionTool('forecast', 'Weather forecast', parameters, ({ city, days }) => `${String(city)} for ${String(days ?? 1)} days`)

  it('advertises the JSON Schema as given', () => {
    expect(forecast.schema).toEqual({ name: 'forecast', description: 'Weather forecast', parameters })
  })

  it('validates arguments against the JSON Schema', async () => {
    expect(await forecast.execute({ city: 'Oslo', days: 3 }, context)).toEqual({ success: true, data: 'Oslo for 3 days' })
    const result = await forecast.execute({ days: 9, wind: true }, context)
    expect(result.success).toBe(false)
    expect(result.error).toMatch(/city: .*; days: .*<=7.*; \(root\): Unrecognized key: "wind"/)
  })
})
