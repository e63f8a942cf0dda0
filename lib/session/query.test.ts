import * as z from 'zod'
import { describe, expect, it } from 'vitest'
import { isRobotaError } from '../core/errors.ts'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { ScriptedProvider } from '../testing/scripted-provider.ts'
import { createQuery } from './query.ts'

describe('createQuery', () => {
  it('answers a prompt, streaming deltas, with tools in the sandbox', async () => {
    const provider = new ScriptedProvider([
      { toolCalls: [{ name: 'Read', arguments: { filePath: 'README.md' } }] },
      { text: ['A demo ', 'repository.'] }
    ])
    const query = createQuery({ provider, sandbox: new InMemorySandboxClient({ files: { 'README.md': '# Demo repo' } }) })
    const deltas: string[] = []
    const answer = await query('What does this repo do?', { onTextDelta: (delta) => deltas.push(delta) })
    expect(answer).toBe('A demo repository.')
    expect(deltas.join('')).toBe('\n\nA demo repository.')
    expect(provider.calls[1]?.messages.find((message) => message.role === 'tool')?.content).toContain('# Demo repo')
  })

  it('runs each query as a fresh conversation', async () => {
    const provider = new ScriptedProvider([{ text: 'one' }, { text: 'two' }])
    const query = createQuery({ provider })
    await query('first')
    expect(await query('second')).toBe('two')
    expect(provider.calls[1]?.messages.map((message) => message.content)).toEqual(['You are Robota, a coding agent working in a sandboxed workspace. Inspect files with your tools before answering, make changes with the file tools, and answer concisely.', 'second'])
  })

  it('with output, resolves with the parsed and validated answer, asking the provider for its JSON schema', async () => {
    const provider = new ScriptedProvider([{ text: '{"city":"Seoul","celsius":3}' }])
    const query = createQuery({ provider })
    const weather = await query('Weather in Seoul?', { output: z.object({ city: z.string(), celsius: z.number() }) })
    expect(weather).toEqual({ city: 'Seoul', celsius: 3 })
    expect(provider.calls[0]?.options.output?.schema).toMatchObject({ type: 'object', required: ['city', 'celsius'] })
  })

  it('with output, retries a reply that does not validate once, then rejects with a StructuredOutputError carrying the raw text', async () => {
    const provider = new ScriptedProvider([{ text: '{"city":"Seoul"}' }, { text: 'not json at all' }])
    const query = createQuery({ provider })
    const failure = await query('Weather?', { output: z.object({ city: z.string(), celsius: z.number() }) }).catch((error: unknown) => error)
    expect(isRobotaError(failure) && failure.code).toBe('STRUCTURED_OUTPUT_INVALID')
    expect((failure as { rawText?: string }).rawText).toBe('not json at all')
    expect(provider.calls).toHaveLength(2)
  })

  it('rejects with the provider failure', async () => {
    const query = createQuery({ provider: new ScriptedProvider([{ error: new Error('invalid x-api-key') }]) })
    await expect(query('hi')).rejects.toThrow(/invalid x-api-key/)
  })

  it('rejects on a malformed settings file', async () => {
    const sandbox = new InMemorySandboxClient({ files: { '.robota/settings.json': '{ "maxTurns": 0 }' } })
    await expect(createQuery({ provider: new ScriptedProvider([]), sandbox })('hi')).rejects.toThrow(/settings\.json: maxTurns: /)
  })

  it('returns the partial answer when aborted', async () => {
    const controller = new AbortController()
    const query = createQuery({ provider: new ScriptedProvider([{ text: ['Partial', ' never'] }], { deltaDelayMs: 15 }) })
    const answer = await query('long', { signal: controller.signal, onTextDelta: () => controller.abort() })
    expect(answer).toBe('Partial')
  })

  it('tells onCompact when the conversation was compacted', async () => {
    const provider = new ScriptedProvider([{ text: 'Long answer.', metadata: { inputTokens: 900, outputTokens: 0 } }, { text: 'The summary.' }])
    const summaries: string[] = []
    const query = createQuery({ provider, contextWindow: 1000, autoCompactThreshold: 0.5 })
    expect(await query('go', { onCompact: (summary) => summaries.push(summary) })).toBe('Long answer.')
    expect(summaries).toEqual(['The summary.'])
  })
})
