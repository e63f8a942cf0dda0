import { describe, expect, it } from 'vitest'
import { ConfigurationError } from '../core/errors.ts'
import { Robota } from '../core/robota.ts'
import { ScriptedProvider, type TScriptedStepSource } from './scripted-provider.ts'

// Scripts as a test without types may write them: each mistake is named with its step and key,
// rather than answered with "" or met as a TypeError mid-run.

describe('new ScriptedProvider(steps, options)', () => {
  it.each([
    ['a misspelt key', [{ txt: 'hello' }], 'new ScriptedProvider(steps): steps[0] has the unknown key "txt"; a step takes text, toolCalls, metadata, error.'],
    ['text that is no string', [{ text: 'a' }, { text: 5 }], 'new ScriptedProvider(steps): steps[1].text must be a string or an array of strings; got number.'],
    ['a piece of text that is no string', [{ text: ['a', 5] }], 'new ScriptedProvider(steps): steps[0].text must be a string or an array of strings; got an array.'],
    ['tool calls that are no list', [{ toolCalls: { name: 'Bash', arguments: {} } }], 'new ScriptedProvider(steps): steps[0].toolCalls must be an array of { id?, name, arguments }; got object.'],
    ['metadata that is no object', [{ text: 'a', metadata: 'x' }], 'new ScriptedProvider(steps): steps[0].metadata must be an object; got string.'],
    ['an error that is no Error', [{ error: 'boom' }], 'new ScriptedProvider(steps): steps[0].error must be an Error to throw; got string.'],
    ['a step that is no object', ['hello'], 'new ScriptedProvider(steps): steps[0] must be a step ({ text?, toolCalls?, metadata?, error? }) or a function returning one; got string.'],
    ['one step that is no list', { text: 'x' }, 'new ScriptedProvider(steps): steps must be an array of steps; got object.']
  ])('refuses %s, naming the step and key', (_, steps, message) => {
    const create = () => new ScriptedProvider(steps as never)
    expect(create).toThrow(ConfigurationError)
    expect(create).toThrow(message)
  })

  it.each([
    ['a misspelt option', { nmae: 'x' }, 'new ScriptedProvider(steps, options): unknown option "nmae"; it takes name, deltaDelayMs, recordCalls.'],
    ['a name that is no string', { name: 5 }, 'new ScriptedProvider(steps, options): name must be a string; got number.'],
    ['a delay as text', { deltaDelayMs: '5' }, 'new ScriptedProvider(steps, options): deltaDelayMs must be a number of 0 or more; got string.'],
    ['recordCalls as text', { recordCalls: 'no' }, 'new ScriptedProvider(steps, options): recordCalls must be a boolean; got string.']
  ])('refuses %s', (_, options, message) => {
    expect(() => new ScriptedProvider([], options as never)).toThrow(message)
  })

  it('checks the step a function returns when it returns it, as a provider fault of the run', async () => {
    const steps: TScriptedStepSource[] = [{ text: 'first' }, () => ({ txt: 'second' }) as never]
    const provider = new ScriptedProvider(steps)
    const agent = new Robota({ name: 'scripted', aiProviders: [provider], defaultModel: { provider: provider.name, model: 'm' } })
    expect((await agent.run('one')).response).toBe('first')
    const { error } = await agent.run('two')
    expect(error?.message).toContain('new ScriptedProvider(steps): steps[1]() has the unknown key "txt"; a step takes text, toolCalls, metadata, error.')
  })

  it('plays every key a step takes', async () => {
    const provider = new ScriptedProvider([{ text: ['a', 'b'], toolCalls: [], metadata: { inputTokens: 1 } }], { name: 'named', deltaDelayMs: 0, recordCalls: false })
    const response = await provider.chat([], { model: 'm' })
    expect(response.content).toBe('ab')
    expect(provider.name).toBe('named')
  })
})
