import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import type { IAIProvider } from '../core/provider.ts'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import { ScriptedProvider } from '../testing/scripted-provider.ts'
import { ValidationError } from '../core/errors.ts'
import { OpenAIProvider } from '../providers/openai/openai-provider.ts'
import type { THostEvent } from './agent-host.ts'
import { LocalAgentHost } from './local-agent-host.ts'
import type { TProviderChoice } from './port/host-sessions.ts'

const SETTINGS = JSON.stringify({ provider: { name: 'other', model: 'other-model', apiKey: '$ENV:OTHER_KEY', baseURL: 'https://llm.example.test/v1' } })

function makeHost(files: Record<string, string>) {
  const built: TProviderChoice[] = []
  const providers: ScriptedProvider[] = []
  const host = new LocalAgentHost({
    store: new MemorySessionStore(),
    createSandbox: () => new InMemorySandboxClient({ files: { ...files }, cwd: '/workspace' }),
    createProvider: (choice): IAIProvider => {
      built.push(choice)
      const provider = new ScriptedProvider([{ text: `answer from ${choice.kind}` }, { text: 'again' }], { name: choice.kind })
      providers.push(provider)
      return provider
    },
    defaultProvider: { kind: 'scripted', model: 'scripted-model', apiKey: 'default-key' },
    env: { OTHER_KEY: 'sk-other-1234567890abcdef' },
    eventIntervalMs: 1,
    permissionMode: 'bypassPermissions'
  })
  return { host, built, providers }
}

describe('LocalAgentHost and the workspace settings’ provider', () => {
  it('builds the session’s provider from settings.provider, and the record and requests name its model', async () => {
    const { host, built, providers } = makeHost({ '.robota/settings.json': SETTINGS })
    const session = await host.createSession()
    const turn = await host.submit(session.id, 'hi')

    expect(built).toEqual([{ kind: 'other', model: 'other-model', apiKey: 'sk-other-1234567890abcdef', baseURL: 'https://llm.example.test/v1' }])
    expect(turn.response).toBe('answer from other')
    expect(providers[0]?.calls[0]?.options.model).toBe('other-model')
    expect((await host.listSessions()).sessions[0]).toMatchObject({ providerName: 'other', model: 'other-model' })
    // The key from the settings is a secret like the page's: it never reaches the log.
    expect(JSON.stringify(await host.openSession(session.id))).not.toContain('sk-other-1234567890abcdef')
  })

  it('builds the provider with the settings’ provider.maxRetries, and again when it changes', async () => {
    const { host, built } = makeHost({ '.robota/settings.json': JSON.stringify({ provider: { maxRetries: 0 } }) })
    const session = await host.createSession()
    await host.submit(session.id, 'hi')
    await host.writeFile(session.id, '/workspace/.robota/settings.json', JSON.stringify({ provider: { maxRetries: 5 } }))
    await host.submit(session.id, 'again')
    expect(built).toEqual([
      { kind: 'scripted', model: 'scripted-model', apiKey: 'default-key', maxRetries: 0 },
      { kind: 'scripted', model: 'scripted-model', apiKey: 'default-key', maxRetries: 5 }
    ])
  })

  it('lets a provider the page chose beat the settings', async () => {
    const { host, built } = makeHost({ '.robota/settings.json': SETTINGS })
    const session = await host.createSession({ provider: { kind: 'scripted', model: 'picked-model', apiKey: 'page-key' } })
    await host.submit(session.id, 'hi')
    expect(built).toEqual([{ kind: 'scripted', model: 'picked-model', apiKey: 'page-key' }])
  })

  it('keeps the default provider’s key when the settings change only the model, and follows settings written later', async () => {
    const { host, built } = makeHost({})
    const session = await host.createSession()
    await host.submit(session.id, 'hi')
    await host.writeFile(session.id, '/workspace/.robota/settings.json', JSON.stringify({ provider: { model: 'bigger-model' } }))
    await host.submit(session.id, 'again')
    expect(built).toEqual([
      { kind: 'scripted', model: 'scripted-model', apiKey: 'default-key' },
      { kind: 'scripted', model: 'bigger-model', apiKey: 'default-key' }
    ])
  })

  it('resolves a turn whose provider cannot be built (no key yet) with that error, as a wrong key’s turn is; bad arguments still reject', async () => {
    const events: THostEvent[] = []
    let sandboxFails = false
    const host = new LocalAgentHost({
      store: new MemorySessionStore(),
      createSandbox: () => {
        if (sandboxFails) throw new Error('no sandbox today')
        return new InMemorySandboxClient({ cwd: '/workspace' })
      },
      createProvider: (choice): IAIProvider => (choice.apiKey ? new ScriptedProvider([{ text: 'keyed' }], { name: 'openai' }) : new OpenAIProvider({ apiKey: choice.apiKey })),
      defaultProvider: { kind: 'openai', model: 'gpt-4o-mini' },
      eventIntervalMs: 1
    })
    await host.subscribe((batch) => void events.push(...batch))
    const session = await host.createSession({ provider: { kind: 'openai', model: 'gpt-4o-mini' } })

    const turn = await host.submit(session.id, 'hi')
    expect(turn).toMatchObject({ response: '', interrupted: false, toolsExecuted: [] })
    expect(turn.error).toMatchObject({ name: 'ConfigurationError', code: 'CONFIGURATION_ERROR', message: expect.stringContaining('OpenAIProvider needs an apiKey'), details: { missing: 'apiKey' } })
    expect(events).toContainEqual({ kind: 'turn_failed', sessionId: session.id, message: turn.error?.message, code: 'CONFIGURATION_ERROR' })
    // The key given later is used by the next turn.
    await host.setProvider(session.id, { kind: 'openai', model: 'gpt-4o-mini', apiKey: 'sk-later' })
    expect((await host.submit(session.id, 'again')).response).toBe('keyed')

    await expect(host.submit('no-such-session', 'hi')).rejects.toThrow(/no-such-session/)
    await expect(host.submit(session.id, '')).rejects.toThrow(ValidationError)
    // Only the provider's failure is the turn's: a sandbox that cannot be built still rejects.
    sandboxFails = true
    const other = await host.createSession()
    await expect(host.submit(other.id, 'hi')).rejects.toThrow('no sandbox today')
  })
})
