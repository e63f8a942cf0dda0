import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { ConfigurationError } from '../core/errors.ts'
import { ScriptedProvider } from '../testing/scripted-provider.ts'
import { InteractiveSession } from './interactive-session.ts'

function open(settings: unknown, model?: string) {
  const provider = new ScriptedProvider([{ text: 'ok' }])
  const sandbox = new InMemorySandboxClient({ files: { '.robota/settings.json': JSON.stringify(settings) }, cwd: '/workspace' })
  const session = new InteractiveSession({ provider, sandbox, cwd: '/workspace', ...(model ? { model } : {}) })
  return { session, provider }
}

describe('InteractiveSession and settings.provider', () => {
  it('talks to the model settings.provider names, over the top-level model', async () => {
    const { session, provider } = open({ model: 'top-level-model', provider: { name: 'scripted', model: 'provider-model' } })
    await session.submit('hi')
    expect(session.getModel()).toBe('provider-model')
    expect(provider.calls[0]?.options.model).toBe('provider-model')
  })

  it('lets the model option beat the settings', async () => {
    const { session } = open({ provider: { model: 'provider-model' } }, 'option-model')
    await session.ready()
    expect(session.getModel()).toBe('option-model')
  })

  it('refuses settings that name a provider other than the one it was given', async () => {
    const { session } = open({ provider: { name: 'openai', model: 'gpt-4o' } })
    const failure = session.ready()
    await expect(failure).rejects.toBeInstanceOf(ConfigurationError)
    await expect(failure).rejects.toThrow('The settings in /workspace ask for the provider "openai", but this session was given "scripted"')
  })
})
