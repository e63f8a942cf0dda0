import { describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS, loadSettings, saveSettings, SETTINGS_STORAGE_KEY } from './playground-settings.ts'
import { findSettingsProblems, toE2BSandboxChoice } from './settings-problems.ts'

function memoryStorage() {
  const items = new Map<string, string>()
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items }
}

const withE2B = { ...DEFAULT_SETTINGS, e2b: { apiKey: 'e2b_secret_key', template: 'python', apiUrl: '' } }

describe('E2B settings', () => {
  it('keeps the E2B key in memory unless "remember on this device" is ticked, and the template always', () => {
    const storage = memoryStorage()
    saveSettings(storage, withE2B)
    expect(storage.items.get(SETTINGS_STORAGE_KEY)).not.toContain('e2b_secret_key')
    expect(loadSettings(storage).e2b).toEqual({ apiKey: '', template: 'python', apiUrl: '' })

    saveSettings(storage, { ...withE2B, rememberKeys: true })
    expect(loadSettings(storage).e2b).toEqual(withE2B.e2b)
  })

  it('makes the sandbox choice the host takes, or says what to fix first', () => {
    expect(toE2BSandboxChoice(withE2B)).toEqual({ kind: 'e2b', apiKey: 'e2b_secret_key', template: 'python' })
    expect(toE2BSandboxChoice({ ...withE2B, e2b: { apiKey: ' k ', template: ' ', apiUrl: 'http://127.0.0.1:9' } })).toEqual({ kind: 'e2b', apiKey: 'k', apiUrl: 'http://127.0.0.1:9' })
    expect(toE2BSandboxChoice(DEFAULT_SETTINGS)).toEqual({ problem: 'Enter an E2B API key under Settings → E2B sandbox first.' })
    expect(findSettingsProblems({ ...withE2B, e2b: { ...withE2B.e2b, apiUrl: 'api.e2b.app' } })).toEqual({ e2bApiUrl: 'The E2B API URL must start with http:// or https://.' })
  })
})
