import { describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS, loadSettings, saveSettings, SETTINGS_STORAGE_KEY, toProviderChoice, type TPlaygroundSettings } from './playground-settings.ts'
import { findSettingsProblems } from './settings-problems.ts'

function memoryStorage() {
  const items = new Map<string, string>()
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items }
}

const anthropic: TPlaygroundSettings = { ...DEFAULT_SETTINGS, providerKind: 'anthropic', model: 'claude-haiku-4-5', apiKeys: { anthropic: 'sk-ant-secret' } }

describe('playground settings', () => {
  it('keeps keys out of storage unless "remember on this device" is ticked', () => {
    const storage = memoryStorage()
    saveSettings(storage, anthropic)
    expect(storage.items.get(SETTINGS_STORAGE_KEY)).not.toContain('sk-ant-secret')
    expect(loadSettings(storage)).toMatchObject({ providerKind: 'anthropic', model: 'claude-haiku-4-5', apiKeys: {} })

    saveSettings(storage, { ...anthropic, rememberKeys: true })
    expect(loadSettings(storage).apiKeys).toEqual({ anthropic: 'sk-ant-secret' })
  })

  it.each([
    ['nothing saved', null],
    ['corrupt JSON', '{nope'],
    ['wrong types', JSON.stringify({ providerKind: 7, permissionMode: 'yolo', theme: 'pink', apiKeys: { anthropic: 3 }, rememberKeys: 'yes' })]
  ])('falls back to the defaults for %s', (_, saved) => {
    const storage = { getItem: () => saved }
    expect(loadSettings(storage)).toEqual(DEFAULT_SETTINGS)
  })

  it('turns settings into the plain-data choice the host takes', () => {
    expect(toProviderChoice(DEFAULT_SETTINGS)).toEqual({ kind: 'offline-demo', model: 'offline-demo' })
    expect(toProviderChoice(anthropic)).toEqual({ kind: 'anthropic', model: 'claude-haiku-4-5', apiKey: 'sk-ant-secret', idleTimeoutMs: 90_000 })
    const compatible = { ...DEFAULT_SETTINGS, providerKind: 'openai-compatible' as const, model: 'llama3', baseURL: ' http://127.0.0.1:9/v1 ' }
    expect(toProviderChoice(compatible)).toEqual({ kind: 'openai-compatible', model: 'llama3', baseURL: 'http://127.0.0.1:9/v1', idleTimeoutMs: 90_000 })
    expect(toProviderChoice({ ...compatible, idleTimeoutSeconds: 5 })).toMatchObject({ idleTimeoutMs: 5000 })
    expect(toProviderChoice({ ...anthropic, baseURL: 'http://127.0.0.1:8/' })).toMatchObject({ kind: 'anthropic', baseURL: 'http://127.0.0.1:8/' })
    expect(toProviderChoice({ ...DEFAULT_SETTINGS, baseURL: 'http://127.0.0.1:8/' })).toEqual({ kind: 'offline-demo', model: 'offline-demo' })
  })

  it('sends Anthropic and OpenAI through the page’s provider proxy with no key, and leaves other providers alone', () => {
    const proxied = { ...DEFAULT_SETTINGS, providerKind: 'anthropic' as const, model: 'claude-haiku-4-5', providerProxy: 'https://docs.example.test/api/llm/' }
    expect(toProviderChoice(proxied)).toEqual({
      kind: 'anthropic',
      model: 'claude-haiku-4-5',
      baseURL: 'https://docs.example.test/api/llm/anthropic',
      apiKey: 'placeholder-the-proxy-holds-the-key',
      idleTimeoutMs: 90_000
    })
    expect(findSettingsProblems(proxied)).toEqual({})
    expect(toProviderChoice({ ...proxied, providerKind: 'openai', model: 'gpt-4o' })).toMatchObject({ baseURL: 'https://docs.example.test/api/llm/openai' })
    expect(toProviderChoice({ ...proxied, providerKind: 'google', model: 'gemini-2.5-flash' })).not.toHaveProperty('baseURL')
    expect(findSettingsProblems({ ...proxied, providerKind: 'google', model: 'gemini-2.5-flash' })).toEqual({ apiKey: 'Enter an API key for Google.' })
    expect(toProviderChoice({ ...DEFAULT_SETTINGS, providerProxy: proxied.providerProxy })).toEqual({ kind: 'offline-demo', model: 'offline-demo' })
  })

  it('carries prompt caching and a thinking budget in the choice, and leaves them out when off or for the offline demo', () => {
    expect(toProviderChoice({ ...anthropic, promptCaching: true, thinkingBudgetTokens: 2048, webSearch: true })).toMatchObject({
      promptCaching: true,
      thinking: { budgetTokens: 2048 },
      webSearch: true
    })
    const off = toProviderChoice(anthropic)
    expect(off).not.toHaveProperty('promptCaching')
    expect(off).not.toHaveProperty('thinking')
    expect(off).not.toHaveProperty('webSearch')
    expect(toProviderChoice({ ...DEFAULT_SETTINGS, promptCaching: true, thinkingBudgetTokens: 2048 })).toEqual({ kind: 'offline-demo', model: 'offline-demo' })
  })

  it('keeps saved prompt caching and thinking budget, and drops a budget out of range', () => {
    const saved = (fields: Record<string, unknown>) => ({ getItem: () => JSON.stringify({ providerKind: 'anthropic', ...fields }) })
    expect(loadSettings(saved({ promptCaching: true, thinkingBudgetTokens: 4096 }))).toMatchObject({ promptCaching: true, thinkingBudgetTokens: 4096 })
    expect(loadSettings(saved({ promptCaching: 'yes', thinkingBudgetTokens: 100 }))).toMatchObject({ promptCaching: false, thinkingBudgetTokens: 0 })
  })

  it.each([
    [{ ...anthropic, apiKeys: {} }, { apiKey: 'Enter an API key for Anthropic.' }],
    [{ ...DEFAULT_SETTINGS, providerKind: 'openai-compatible' as const, model: 'x' }, { baseURL: 'Enter the server’s base URL, such as http://127.0.0.1:11434/v1.' }],
    [{ ...DEFAULT_SETTINGS, providerKind: 'openai-compatible' as const, model: 'x', baseURL: 'localhost:1' }, { baseURL: 'The base URL must start with http:// or https://.' }],
    [{ ...anthropic, baseURL: 'proxy.local' }, { baseURL: 'The base URL must start with http:// or https://.' }],
    [{ ...anthropic, idleTimeoutSeconds: Number.NaN }, { idleTimeout: 'Give the model between 1 and 3600 whole seconds of silence before giving up.' }],
    [{ ...anthropic, idleTimeoutSeconds: 0.5 }, { idleTimeout: 'Give the model between 1 and 3600 whole seconds of silence before giving up.' }],
    [{ ...anthropic, thinkingBudgetTokens: 500 }, { thinkingBudget: 'Give the model a thinking budget of 0 (no thinking) or a whole number of tokens from 1024 to 128000.' }],
    [{ ...anthropic, thinkingBudgetTokens: 2048.5 }, { thinkingBudget: 'Give the model a thinking budget of 0 (no thinking) or a whole number of tokens from 1024 to 128000.' }],
    [{ ...anthropic, model: ' ' }, { model: 'Choose a model.' }],
    [{ ...anthropic, thinkingBudgetTokens: 2048 }, {}],
    [anthropic, {}]
  ])('names what is missing as its fix, by the field it concerns', (settings, problems) => {
    expect(findSettingsProblems(settings)).toEqual(problems)
  })

  it('names every problem at once, and leaves alone the fields the offline demo does not show', () => {
    expect(Object.keys(findSettingsProblems({ ...anthropic, apiKeys: {}, baseURL: 'proxy.local', thinkingBudgetTokens: 1 }))).toEqual(['baseURL', 'thinkingBudget', 'apiKey'])
    expect(findSettingsProblems({ ...DEFAULT_SETTINGS, baseURL: 'proxy.local', idleTimeoutSeconds: Number.NaN, thinkingBudgetTokens: 1 })).toEqual({})
  })
})
