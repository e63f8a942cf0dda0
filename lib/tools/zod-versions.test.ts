import { describe, expect, it } from 'vitest'
import * as zod3 from 'zod3'
import * as zod4FromZod3 from 'zod3/v4'
import * as z from 'zod'
import { ConfigurationError } from '../core/errors.ts'
import { toOutputFormat } from '../core/output-schema.ts'
import { Robota } from '../core/robota.ts'
import { createQuery } from '../session/query.ts'
import { ScriptedProvider } from '../testing/scripted-provider.ts'
import { createZodFunctionTool } from './function-tool.ts'

// Apps bring their own zod. A zod 4 schema works whichever package made it: zod 4, or the
// `zod/v4` path of zod 3.25. A zod 3 schema is refused by name, with the import that fixes it,
// instead of failing deep inside JSON Schema generation.

describe('createZodFunctionTool with the app’s zod', () => {
  it('takes a schema from zod 3.25’s zod/v4: advertises it and validates arguments with it', async () => {
    // Cast through `never`: comparing the two zod packages' types structurally exhausts the compiler.
    const schema = zod4FromZod3.object({ a: zod4FromZod3.number(), b: zod4FromZod3.number().int() }) as never
    const add = createZodFunctionTool('add', 'Adds two numbers', schema, async (args: { a: number; b: number }) => ({ sum: args.a + args.b }))
    expect(add.schema.parameters).toMatchObject({ type: 'object', properties: { a: { type: 'number' }, b: { type: 'integer' } }, required: ['a', 'b'] })
    expect(await add.execute({ a: 2, b: 3 }, { toolCallId: 'call_1' })).toMatchObject({ success: true, data: { sum: 5 } })
    expect(await add.execute({ a: 2, b: 'three' }, { toolCallId: 'call_2' })).toMatchObject({ success: false })
  })

  it('refuses a zod 3 schema, naming the tool and the import to use', () => {
    const schema = zod3.object({ a: zod3.number() }) as never
    expect(() => createZodFunctionTool('add', 'Adds', schema, async () => 0)).toThrow(ConfigurationError)
    expect(() => createZodFunctionTool('add', 'Adds', schema, async () => 0)).toThrow(/createZodFunctionTool\("add"\).*zod 3.*'zod\/v4'/)
  })
})

// zod 3.25's zod/v4 (like zod 4 releases before `~standard.jsonSchema`) gives no JSON Schema of its
// own; the reader this module's tools load makes it as a current zod 4 schema makes its own.
describe('run(input, { output }) with the app’s zod', () => {
  function makeAgent(replies: string[]) {
    const provider = new ScriptedProvider(replies.map((text) => ({ text })))
    return { provider, agent: new Robota({ name: 'typed', aiProviders: [provider], defaultModel: { provider: provider.name, model: 'm' } }) }
  }

  it('takes a schema from zod 3.25’s zod/v4: sends the JSON Schema zod 4 gives and validates the answer with it', async () => {
    const { agent, provider } = makeAgent(['{"n": "four"}', '{"n": 4}'])
    const schema = zod4FromZod3.object({ n: zod4FromZod3.number().int(), note: zod4FromZod3.string().optional() }) as never as z.ZodType<{ n: number; note?: string }>

    const result = await agent.run('n?', { output: schema })

    expect(result.output).toEqual({ n: 4 })
    expect(provider.calls[0]?.options.output).toEqual(toOutputFormat(z.object({ n: z.number().int(), note: z.string().optional() })))
    expect(provider.calls[1]?.messages.at(-1)?.content).toMatch(/^Your last reply could not be used: the reply does not match the schema \(n: /)
  })

  it('answers a query with a zod 3.25 zod/v4 schema', async () => {
    const provider = new ScriptedProvider([{ text: '{"city": "Seoul"}' }])
    const query = createQuery({ provider })
    const schema = zod4FromZod3.object({ city: zod4FromZod3.string() }) as never as z.ZodType<{ city: string }>
    expect(await query('Where?', { output: schema })).toEqual({ city: 'Seoul' })
  })

  it('refuses a zod 3 schema before anything is sent, naming the import to use', async () => {
    const { agent, provider } = makeAgent(['{}'])
    const schema = zod3.object({ n: zod3.number() }) as never as z.ZodType<{ n: number }>
    await expect(agent.run('n?', { output: schema })).rejects.toThrow(ConfigurationError)
    await expect(agent.run('n?', { output: schema })).rejects.toThrow(/^run\(\): output is a zod 3 schema\. .*'zod\/v4'/)
    expect(provider.calls).toHaveLength(0)
  })
})
