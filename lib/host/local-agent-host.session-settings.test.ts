import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import type { IAIProvider } from '../core/provider.ts'
import { AnthropicProvider } from '../providers/anthropic/anthropic-provider.ts'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import { ScriptedProvider } from '../testing/scripted-provider.ts'
import { LocalAgentHost } from './local-agent-host.ts'

const SETTINGS = { systemPromptAddition: 'Reply in one line.', temperature: 0.2, maxTokens: 100, disabledTools: ['Glob', 'Grep'] }

function makeHost(store = new MemorySessionStore()) {
  const providers: ScriptedProvider[] = []
  const host = new LocalAgentHost({
    store,
    createSandbox: () => new InMemorySandboxClient({ files: { 'README.md': '# hi' }, cwd: '/workspace' }),
    createProvider: (choice): IAIProvider => {
      if (choice.kind === 'anthropic') return new AnthropicProvider({ apiKey: 'sk-test', baseURL: 'http://127.0.0.1:9', maxRetries: 0 })
      const provider = new ScriptedProvider([{ text: 'one' }, { text: 'two' }], { name: choice.kind })
      providers.push(provider)
      return provider
    },
    defaultProvider: { kind: 'scripted', model: 'scripted-model' },
    systemMessage: 'You are the app agent.',
    eventIntervalMs: 1,
    permissionMode: 'bypassPermissions'
  })
  return { host, providers, store }
}

describe('LocalAgentHost: a session’s own settings', () => {
  it('sends the addition after the app’s base prompt, temperature and maxTokens, and leaves switched-off tools out', async () => {
    const { host, providers } = makeHost()
    const session = await host.createSession()
    const view = await host.setSessionSettings(session.id, SETTINGS)
    expect(view.basePrompt).toBe('You are the app agent.')
    await host.submit(session.id, 'hi')

    const call = providers.at(-1)?.calls[0]
    expect(call?.options).toMatchObject({ temperature: 0.2, maxTokens: 100 })
    const offered = (call?.options.tools ?? []).map((tool) => tool.name)
    expect(offered).toContain('Bash')
    expect(offered).not.toContain('Glob')
    expect(offered).not.toContain('Grep')
    expect(String(call?.messages[0]?.content)).toMatch(/^You are the app agent\.\n\n# Session instructions\nReply in one line\./)
  })

  it('keeps them in the stored record: another host over the same store (a reload) applies them, and a rename keeps them', async () => {
    const first = makeHost()
    const session = await first.host.createSession()
    await first.host.setSessionSettings(session.id, SETTINGS)
    await first.host.renameSession(session.id, 'Renamed')
    expect((await first.store.loadSession(session.id))?.settings).toEqual({ ...SETTINGS })

    const reloaded = makeHost(first.store)
    expect((await reloaded.host.getSessionSettings(session.id)).settings).toEqual({ ...SETTINGS })
    await reloaded.host.submit(session.id, 'hi')
    expect(reloaded.providers.at(-1)?.calls[0]?.options).toMatchObject({ temperature: 0.2, maxTokens: 100 })
  })

  it('tells why a provider cannot take a temperature, and refuses one for it while taking maxTokens', async () => {
    const { host } = makeHost()
    const session = await host.createSession({ provider: { kind: 'anthropic', model: 'claude-sonnet-4-6', apiKey: 'sk-test' } })
    const view = await host.getSessionSettings(session.id)
    expect(view.unsupported.temperature).toMatch(/no temperature field/)
    await expect(host.setSessionSettings(session.id, { temperature: 0.5 })).rejects.toThrow(/temperature cannot be used with this provider\. Anthropic cannot take a temperature/)
    expect((await host.setSessionSettings(session.id, { maxTokens: 64 })).settings).toEqual({ maxTokens: 64 })
  })

  it('reads the settings after a provider switch asked for just before, so they describe the provider switched to', async () => {
    const { host, store } = makeHost()
    const session = await host.createSession()
    expect((await host.getSessionSettings(session.id)).unsupported.temperature).toBeUndefined()
    // The switch's write takes a while, as a busy IndexedDB's can.
    const commit = store.commit.bind(store)
    store.commit = async (record, events) => {
      await new Promise((resolve) => setTimeout(resolve, 20))
      return commit(record, events)
    }
    const switched = host.setProvider(session.id, { kind: 'anthropic', model: 'claude-sonnet-4-6', apiKey: 'sk-test' })
    const view = await host.getSessionSettings(session.id)
    expect(view.unsupported.temperature).toMatch(/no temperature field/)
    await switched
  })

  it('trims the addition and drops empty fields, so the record says only what was chosen', async () => {
    const { host, store } = makeHost()
    const session = await host.createSession()
    const view = await host.setSessionSettings(session.id, { systemPromptAddition: '   ', disabledTools: [] })
    expect(view.settings).toEqual({})
    expect((await store.loadSession(session.id))?.settings).toBeUndefined()
  })
})
