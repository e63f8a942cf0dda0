import type { TPermissionMode } from '../../lib/permissions/index.ts'
import type { TProviderChoice } from '../../lib/session/agent-host.ts'
import { findProviderOption, type TProviderKind } from './provider-catalog.ts'

/** Light, dark, or whatever the system prefers. */
export type TThemeChoice = 'system' | 'light' | 'dark'

/** Everything the settings dialog edits. Keys sit in `apiKeys`, per provider kind. */
export type TPlaygroundSettings = {
  providerKind: TProviderKind
  model: string
  baseURL: string
  apiKeys: Partial<Record<TProviderKind, string>>
  /** When true, keys are kept in this browser's localStorage; otherwise only in memory. */
  rememberKeys: boolean
  permissionMode: TPermissionMode
  theme: TThemeChoice
}

/** The localStorage key the settings live under. */
export const SETTINGS_STORAGE_KEY = 'robota.playground.settings'

/** A fresh page: the offline demo, default permission mode, the system theme. */
export const DEFAULT_SETTINGS: TPlaygroundSettings = {
  providerKind: 'offline-demo',
  model: 'offline-demo',
  baseURL: '',
  apiKeys: {},
  rememberKeys: false,
  permissionMode: 'default',
  theme: 'system'
}

const PERMISSION_MODES: readonly TPermissionMode[] = ['plan', 'default', 'acceptEdits', 'bypassPermissions']
const THEMES: readonly TThemeChoice[] = ['system', 'light', 'dark']

/** Reads saved settings; anything missing or malformed falls back to the default. */
export function loadSettings(storage: Pick<Storage, 'getItem'> | undefined): TPlaygroundSettings {
  let saved: Partial<Record<keyof TPlaygroundSettings, unknown>> = {}
  try {
    const text = storage?.getItem(SETTINGS_STORAGE_KEY)
    if (text) saved = JSON.parse(text) as typeof saved
  } catch {
    // A corrupt entry is as good as none: the page starts from the defaults.
  }
  const option = findProviderOption(typeof saved.providerKind === 'string' ? saved.providerKind : DEFAULT_SETTINGS.providerKind)
  const rememberKeys = saved.rememberKeys === true
  return {
    providerKind: option.kind,
    model: typeof saved.model === 'string' && saved.model !== '' ? saved.model : option.defaultModel,
    baseURL: typeof saved.baseURL === 'string' ? saved.baseURL : '',
    apiKeys: rememberKeys && isStringRecord(saved.apiKeys) ? saved.apiKeys : {},
    rememberKeys,
    permissionMode: PERMISSION_MODES.find((mode) => mode === saved.permissionMode) ?? DEFAULT_SETTINGS.permissionMode,
    theme: THEMES.find((theme) => theme === saved.theme) ?? DEFAULT_SETTINGS.theme
  }
}

/** Saves settings; keys are written only when the user ticked "remember on this device". */
export function saveSettings(storage: Pick<Storage, 'setItem'> | undefined, settings: TPlaygroundSettings): void {
  const { apiKeys, ...rest } = settings
  try {
    storage?.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(settings.rememberKeys ? settings : { ...rest, apiKeys: {} }))
  } catch {
    // Storage can be full or blocked (private mode); the settings still hold for this page.
  }
}

/** The plain-data provider choice the host takes, with the key for the chosen kind. */
export function toProviderChoice(settings: TPlaygroundSettings): TProviderChoice {
  const key = settings.apiKeys[settings.providerKind]?.trim()
  const baseURL = settings.baseURL.trim()
  return {
    kind: settings.providerKind,
    model: settings.model,
    // The offline demo has no endpoint; every other provider may be pointed at a proxy or a compatible server.
    ...(settings.providerKind !== 'offline-demo' && baseURL ? { baseURL } : {}),
    ...(key ? { apiKey: key } : {})
  }
}

/** What is missing before the choice can work, worded as the fix; `undefined` when nothing is. */
export function findSettingsProblem(settings: TPlaygroundSettings): string | undefined {
  const option = findProviderOption(settings.providerKind)
  if (option.needsKey && !settings.apiKeys[option.kind]?.trim()) return `Enter an API key for ${option.label}.`
  const baseURL = settings.baseURL.trim()
  if (option.needsBaseURL && !baseURL) return 'Enter the server’s base URL, such as http://127.0.0.1:11434/v1.'
  if (option.kind !== 'offline-demo' && baseURL && !/^https?:\/\/[^\s/]+/.test(baseURL)) return 'The base URL must start with http:// or https://.'
  if (!settings.model.trim()) return 'Choose a model.'
  return undefined
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && Object.values(value).every((entry) => typeof entry === 'string')
}
