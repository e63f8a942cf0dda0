import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { isRobotaError } from '../core/errors.ts'
import type { IAIProvider } from '../core/provider.ts'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import { ScriptedProvider, type TScriptedStepSource } from '../testing/scripted-provider.ts'
import type { THostEvent } from './agent-host.ts'
import { LocalAgentHost } from './local-agent-host.ts'

const KEY = 'sk-secret-structured-0123456789'

const WEATHER = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: { city: { type: 'string' }, celsius: { type: 'number' } },
  required: ['city', 'celsius'],
  additionalProperties: false
}

function makeHost(steps: TScriptedStepSource[]) {
  const provider = new ScriptedProvider(steps, { name: 'scripted' })
  const store = new MemorySessionStore()
  const host = new LocalAgentHost({
    store,
    createSandbox: () => new InMemorySandboxClient({ files: { 'README.md': '# Demo\n' } }),
    createProvider: (): IAIProvider => provider,
    defaultProvider: { kind: 'scripted', model: 'scripted-model', apiKey: KEY },
    eventIntervalMs: 1,
    permissionMode: 'bypassPermissions'
  })
  return { host, provider, store }
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected the call to be refused')
}

describe('LocalAgentHost: structured output on submit', () => {
  it('sends the page\'s JSON Schema to the provider and returns the validated value in the turn result', async () => {
    const { host, provider, store } = makeHost([{ text: '{"city":"Seoul","celsius":3.5}' }])
    const events: THostEvent[] = []
    await host.subscribe((batch) => {
      events.push(...batch)
    })
    const session = await host.createSession()

    const result = await host.submit(session.id, 'Weather in Seoul?', { output: { schema: WEATHER } })

    expect(result.output).toEqual({ city: 'Seoul', celsius: 3.5 })
    const { $schema: _dialect, ...sent } = WEATHER
    expect(provider.calls[0]?.options.output).toEqual({ name: 'output', schema: sent })
    expect(events.find((event) => event.kind === 'turn_finished')).toMatchObject({ result: { output: { city: 'Seoul', celsius: 3.5 } } })
    expect((await store.loadSession(session.id))?.messages.map((message) => message.role)).toEqual(['user', 'assistant'])
  })

  it('answers a reply that does not validate once with what was wrong, and takes the corrected one', async () => {
    const { host, provider } = makeHost([{ text: '{"city":"Seoul","celsius":"cold"}' }, { text: '```json\n{"city":"Seoul","celsius":-2}\n```' }])
    const session = await host.createSession()

    const result = await host.submit(session.id, 'Weather in Seoul?', { output: { schema: WEATHER } })

    expect(result.output).toEqual({ city: 'Seoul', celsius: -2 })
    expect(provider.calls).toHaveLength(2)
    expect(provider.calls[1]?.messages.at(-1)?.content).toContain('celsius')
  })

  it('refuses a second reply that does not validate with a StructuredOutputError carrying the raw text, secrets cut', async () => {
    const { host, store } = makeHost([{ text: 'It is cold.' }, { text: `Still cold, and my key is ${KEY}.` }])
    const events: THostEvent[] = []
    await host.subscribe((batch) => {
      events.push(...batch)
    })
    const session = await host.createSession()

    const error = await rejectionOf(host.submit(session.id, 'Weather in Seoul?', { output: { schema: WEATHER } }))

    expect(isRobotaError(error) && error.code).toBe('STRUCTURED_OUTPUT_INVALID')
    const rawText = (error as { rawText?: unknown }).rawText
    expect(rawText).toMatch(/^Still cold, and my key is .+\.$/)
    expect(rawText).not.toContain(KEY)
    expect(events.find((event) => event.kind === 'turn_failed')).toMatchObject({ code: 'STRUCTURED_OUTPUT_INVALID' })
    expect((await host.openSession(session.id)).running).toBe(false)
    // Both replies and the request to correct the first are stored before the refusal arrives.
    const stored = await store.loadSession(session.id)
    expect(stored?.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
    expect(JSON.stringify([stored, await store.loadEvents(session.id)])).not.toContain(KEY)
  })

  it.each([
    ['a schema that is not an object', { output: { schema: 'object' } }, /options\.output\.schema must be a JSON Schema object; got string/],
    ['a root that is not an object schema', { output: { schema: { type: 'array', items: { type: 'string' } } } }, /must describe an object at its root .*"array"/],
    ['a type zod cannot read', { output: { schema: { type: 'object', properties: { a: { type: 'nonsense' } } } } }, /not a JSON Schema Robota can check: Unsupported type: nonsense/],
    ['a reference to nowhere', { output: { schema: { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } } } }, /not a JSON Schema Robota can check: Reference not found/],
    ['output without a schema', { output: {} }, /options\.output must be \{ schema/],
    ['options that are not an object', 'json', /options must be an object/],
    ['a misspelt output', { outptu: { schema: { type: 'object' } } }, 'submit(): unknown option "outptu"; it takes output.'],
    [
      'a zod schema in place of JSON Schema',
      { output: { schema: z.object({ city: z.string() }) } },
      'submit(): options.output.schema is a zod schema, not JSON Schema (plain data): pass z.toJSONSchema(schema).'
    ],
    [
      'a zod schema in place of the output request',
      { output: z.object({ city: z.string() }) },
      'submit(): options.output must be { schema: <a JSON Schema> }.'
    ]
  ])('refuses %s before anything is sent', async (_name, options, message) => {
    const { host, provider } = makeHost([{ text: '{}' }])
    const session = await host.createSession()

    const error = await rejectionOf(host.submit(session.id, 'Weather?', options as never))

    expect(isRobotaError(error) && error.code).toBe('VALIDATION_ERROR')
    expect((error as Error).message).toMatch(message)
    expect(provider.calls).toHaveLength(0)
  })

  it('takes the JSON Schema zod 4 gives for a schema, and checks replies against it', async () => {
    const { host } = makeHost([{ text: '{"city":"Seoul"}' }, { text: '{"city":"Seoul","celsius":3}' }])
    const session = await host.createSession()
    const schema = z.toJSONSchema(z.object({ city: z.string(), celsius: z.number() }))

    const result = await host.submit(session.id, 'Weather?', { output: { schema } })

    expect(result.output).toEqual({ city: 'Seoul', celsius: 3 })
  })

  it('refuses a schema larger than a turn takes', async () => {
    const { host } = makeHost([{ text: '{}' }])
    const session = await host.createSession()
    const properties = Object.fromEntries(Array.from({ length: 3000 }, (_, index) => [`field${index}`, { type: 'string', description: 'x'.repeat(20) }]))

    const error = await rejectionOf(host.submit(session.id, 'Weather?', { output: { schema: { type: 'object', properties } } }))

    expect((error as Error).message).toMatch(/characters of JSON; the most a turn takes is 65536/)
  })
})
