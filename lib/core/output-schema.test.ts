import * as z from 'zod'
import { describe, expect, it } from 'vitest'
import { ScriptedProvider } from '../testing/scripted-provider.ts'
import { ConfigurationError } from './errors.ts'
import { parseOutput, toOutputFormat, type TOutputSchema } from './output-schema.ts'
import { Robota } from './robota.ts'

// The output schema as core reads it: the Standard Schema shape a zod 4 schema has, its JSON
// Schema for the providers, and the checks whose wording the model is told on a retry.

const Point = z.object({ x: z.number(), y: z.number() })

describe('output schemas', () => {
  it('takes the JSON Schema of a zod 4 schema, without the dialect keyword', () => {
    expect(toOutputFormat(Point)).toEqual({
      name: 'output',
      schema: { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } }, required: ['x', 'y'], additionalProperties: false }
    })
  })

  it('refuses a schema that gives no JSON Schema, in run() before anything is sent', async () => {
    const provider = new ScriptedProvider([{ text: '{}' }])
    const agent = new Robota({ name: 'plain', aiProviders: [provider], defaultModel: { provider: provider.name, model: 'm' } })
    const validateOnly = { '~standard': { version: 1, vendor: 'custom', validate: (value: unknown) => ({ value }) } } as TOutputSchema

    await expect(agent.run('hi', { output: validateOnly })).rejects.toThrow(ConfigurationError)
    await expect(agent.run('hi', { output: validateOnly })).rejects.toThrow(
      'run(): output (vendor "custom") gives no JSON Schema (`~standard.jsonSchema`) and no loaded reader knows it; any zod 4 schema is read once Robota\'s tools are loaded.'
    )
    expect(provider.calls).toHaveLength(0)
  })

  it.each([
    [{ type: 'object' }, 'an object without `~standard.validate`'],
    [null, 'null'],
    ['{"type":"object"}', 'string']
  ])('refuses %j, which is no schema, saying what it got', (notASchema, got) => {
    expect(() => toOutputFormat(notASchema as unknown as TOutputSchema)).toThrow(
      `run(): output must be a Standard Schema (with \`~standard.validate\`), such as a zod 4 schema; got ${got}.`
    )
  })

  it('turns a JSON Schema the schema cannot give into a ConfigurationError', () => {
    expect(() => toOutputFormat(z.object({ when: z.date() }))).toThrow(ConfigurationError)
    expect(() => toOutputFormat(z.object({ when: z.date() }))).toThrow(/^run\(\): output has no JSON Schema: /)
  })

  it.each([
    ['{"x": 1, "y": 2}', { ok: true, value: { x: 1, y: 2 } }],
    ['```json\n{"x": 1, "y": 2}\n```', { ok: true, value: { x: 1, y: 2 } }],
    ['{"x": 1,', { ok: false, problem: expect.stringMatching(/^the reply is not valid JSON \(/) }],
    ['{"x": "1"}', { ok: false, problem: expect.stringMatching(/^the reply does not match the schema \(x: .*; y: /) }]
  ])('reads %j', async (text, expected) => {
    expect(await parseOutput(Point, text)).toEqual(expected)
  })

  it('passes a valid ScriptedProvider reply through to result.output, and sends the schema with each call', async () => {
    const provider = new ScriptedProvider([{ text: '{"x": 3, "y": 4}' }])
    const agent = new Robota({ name: 'scripted', aiProviders: [provider], defaultModel: { provider: provider.name, model: 'm' } })

    const result = await agent.run('where?', { output: Point })

    expect(result.output).toEqual({ x: 3, y: 4 })
    expect(provider.calls[0]?.options.output).toEqual(toOutputFormat(Point))
  })
})
