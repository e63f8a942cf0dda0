import { describe, expect, it } from 'vitest'
import * as zod3 from 'zod3'
import * as zod4FromZod3 from 'zod3/v4'
import { ConfigurationError } from '../core/errors.ts'
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
