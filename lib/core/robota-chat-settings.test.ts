import { describe, expect, it } from 'vitest'
import { ScriptedProvider } from '../testing/scripted-provider.ts'
import { ConfigurationError, ValidationError } from './errors.ts'
import { Robota, type IAgentConfig } from './robota.ts'
import type { ITool } from './tool.ts'

// maxTokens, temperature and toolChoice: set on the agent, overridden per run, handed to every
// provider call, and refused up front with an error naming the setting when they are wrong.

const echo: ITool = {
  schema: { name: 'echo', description: 'Echoes', parameters: { type: 'object', properties: {} } },
  async execute() {
    return { success: true, data: 'echoed' }
  }
}

function makeAgent(provider: ScriptedProvider, config: Partial<IAgentConfig> = {}) {
  return new Robota({ name: 'settings', aiProviders: [provider], defaultModel: { provider: provider.name, model: 'scripted-model' }, tools: [echo], ...config })
}

describe('chat settings', () => {
  it('hands the agent settings to each call, a run option beating one field for that run only', async () => {
    const provider = new ScriptedProvider([{ text: 'a' }, { text: 'b' }, { text: 'c' }])
    const agent = makeAgent(provider, { maxTokens: 300, temperature: 0.5, toolChoice: 'required' })

    await agent.run('one')
    await agent.run('two', { temperature: 0, toolChoice: { name: 'echo' } })
    await agent.run('three')

    const sent = provider.calls.map(({ options }) => ({ maxTokens: options.maxTokens, temperature: options.temperature, toolChoice: options.toolChoice }))
    expect(sent).toEqual([
      { maxTokens: 300, temperature: 0.5, toolChoice: 'required' },
      { maxTokens: 300, temperature: 0, toolChoice: { name: 'echo' } },
      { maxTokens: 300, temperature: 0.5, toolChoice: 'required' }
    ])
  })

  it('sends no settings it was not given', async () => {
    const provider = new ScriptedProvider([{ text: 'a' }])
    await makeAgent(provider).run('one')
    expect(Object.keys(provider.calls[0]?.options ?? {}).sort()).toEqual(['model', 'onProviderNativeRawPayload', 'onServerToolUse', 'onTextDelta', 'tools'])
  })

  it('sends no tool choice on a call without tools', async () => {
    const provider = new ScriptedProvider([{ text: 'a' }])
    const agent = new Robota({ name: 'toolless', aiProviders: [provider], defaultModel: { provider: provider.name, model: 'm' }, toolChoice: 'required' })
    await agent.run('one')
    expect(provider.calls[0]?.options).not.toHaveProperty('toolChoice')
    expect(provider.calls[0]?.options).not.toHaveProperty('tools')
  })

  it.each([
    [{ maxTokens: 0 }, /Robota config: maxTokens must be a positive whole number; got 0/],
    [{ maxTokens: 1.5 }, /maxTokens must be a positive whole number; got 1\.5/],
    [{ maxTokens: '100' as never }, 'Robota config: maxTokens must be a positive whole number; got "100".'],
    [{ temperature: '0.5' as never }, 'Robota config: temperature must be a number of 0 or more; got "0.5".'],
    [{ maxExecutionRounds: '3' as never }, 'maxExecutionRounds must be a whole number of 0 or more; got "3".'],
    [{ timeout: '5000' as never }, 'timeout must be a positive number of milliseconds; got "5000".'],
    [{ contextWindow: '1000' as never }, 'contextWindow must be a positive whole number of tokens; got "1000".'],
    [{ temperature: -1 }, /Robota config: temperature must be a number of 0 or more; got -1/],
    [{ temperature: Number.NaN }, /temperature must be a number of 0 or more; got NaN/],
    [{ toolChoice: 'always' as never }, /toolChoice must be 'auto', 'none', 'required' or \{ name \}; got "always"/],
    [{ toolChoice: { name: 'grep' } }, /toolChoice names the tool "grep", which the agent does not have \(its tools: "echo"\)/],
    [{ stopSequences: 'END' as never }, /Robota config: stopSequences must be a list of non-empty strings; got "END"/],
    [{ stopSequences: ['END', ''] }, /stopSequences must be a list of non-empty strings; got \["END",""\]/],
    [{ providerOptions: [] as never }, /Robota config: providerOptions must be an object keyed by provider name; got \[\]/],
    [{ providerOptions: { scripted: 5 as never } }, /providerOptions\.scripted must be an object of request fields; got 5/]
  ])('refuses %o in the agent config with a ConfigurationError', (settings, message) => {
    expect(() => makeAgent(new ScriptedProvider([]), settings)).toThrow(ConfigurationError)
    expect(() => makeAgent(new ScriptedProvider([]), settings)).toThrow(message)
  })

  it('hands stopSequences and providerOptions to each call: a run list replaces the agent list, a run field beats the same field', async () => {
    const provider = new ScriptedProvider([{ text: 'a' }, { text: 'b' }])
    const agent = makeAgent(provider, { stopSequences: ['END'], providerOptions: { scripted: { seed: 1, top_k: 5 }, other: { x: 1 } } })

    await agent.run('one')
    await agent.run('two', { stopSequences: ['STOP'], providerOptions: { scripted: { seed: 2 } } })

    const sent = provider.calls.map(({ options }) => ({ stopSequences: options.stopSequences, providerOptions: options.providerOptions }))
    expect(sent).toEqual([
      { stopSequences: ['END'], providerOptions: { scripted: { seed: 1, top_k: 5 }, other: { x: 1 } } },
      { stopSequences: ['STOP'], providerOptions: { scripted: { seed: 2, top_k: 5 }, other: { x: 1 } } }
    ])
  })

  it('refuses bad stopSequences or providerOptions in run() with a ValidationError, sending nothing', async () => {
    const provider = new ScriptedProvider([{ text: 'fine' }])
    const agent = makeAgent(provider)
    await expect(agent.run('one', { stopSequences: [''] })).rejects.toThrow(/run\(\): stopSequences must be a list of non-empty strings/)
    await expect(agent.run('one', { providerOptions: { scripted: 'fast' as never } })).rejects.toThrow(ValidationError)
    expect(provider.calls).toHaveLength(0)
  })

  it('refuses a bad run option with a ValidationError before anything is sent, and the agent stays usable', async () => {
    const provider = new ScriptedProvider([{ text: 'fine' }])
    const agent = makeAgent(provider)

    await expect(agent.run('one', { toolChoice: { name: 'grep' } })).rejects.toThrow(ValidationError)
    await expect(agent.run('one', { maxTokens: -5 })).rejects.toThrow(/run\(\): maxTokens must be a positive whole number; got -5/)
    expect(provider.calls).toHaveLength(0)
    expect(agent.getHistory()).toEqual([])
    expect((await agent.run('two')).response).toBe('fine')
  })
})
