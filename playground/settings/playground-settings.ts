import type { TPermissionMode } from '../../lib/permissions/index.ts'
import type { TProviderChoice } from '../../lib/host/agent-host.ts'
import { forgetMcpHeaders, loadMcpServers, type TPlaygroundMcpServer } from './mcp-server-settings.ts'
import { findProviderOption, type TProviderKind } from './provider-catalog.ts'

/** Light, dark, or whatever the system prefers. */
export type TThemeChoice = 'system' | 'light' | 'dark'

/** Everything the settings dialog edits. Keys sit in `apiKeys`, per provider kind. */
export type TPlaygroundSettings = {
  providerKind: TProviderKind
  model: string
  baseURL: string
  /** Seconds a model may send nothing before its call fails with a notice (not for the offline demo). */
  idleTimeoutSeconds: number
  /** Ask the provider to cache the stable start of each request (Anthropic; the others cache by themselves). */
  promptCaching: boolean
  /** Tokens the model may reason with before answering; 0 for none. */
  thinkingBudgetTokens: number
  /** Let the model search the web on the provider's servers (Anthropic; OpenAI on its Responses API). */
  webSearch: boolean
  apiKeys: Partial<Record<TProviderKind, string>>
  /** When true, keys are kept in this browser's localStorage; otherwise only in memory. */
  rememberKeys: boolean
  permissionMode: TPermissionMode
  theme: TThemeChoice
  /** Where an E2B sandbox is made; the key follows `rememberKeys` like the provider keys. */
  e2b: TE2BSettings
  /** Hosts whose images model answers may load without a click; none by default. */
  allowedImageHosts: string[]
  /** MCP servers every session of this page connects to; their headers follow `rememberKeys` like the keys. */
  mcpServers: TPlaygroundMcpServer[]
  /**
   * The app's provider proxy (an absolute URL such as `https://docs.example/api/llm`), set by the
   * embed's `proxy` attribute: Anthropic and OpenAI then go through its route for each and need no key.
   */
  providerProxy: string
}

/** The E2B fields: key, template (empty for the base one) and an optional API address. */
export type TE2BSettings = { apiKey: string; template: string; apiUrl: string }

/** The localStorage key the settings live under. */
export const SETTINGS_STORAGE_KEY = 'robota.playground.settings'

/** A fresh page: the offline demo, default permission mode, the system theme. */
export const DEFAULT_SETTINGS: TPlaygroundSettings = {
  providerKind: 'offline-demo',
  model: 'offline-demo',
  baseURL: '',
  idleTimeoutSeconds: 90,
  promptCaching: false,
  thinkingBudgetTokens: 0,
  webSearch: false,
  apiKeys: {},
  rememberKeys: false,
  permissionMode: 'default',
  theme: 'system',
  e2b: { apiKey: '', template: '', apiUrl: '' },
  allowedImageHosts: [],
  mcpServers: [],
  providerProxy: ''
}

/** The permission modes the page's settings hold (the page takes only types from lib/). */
export const PERMISSION_MODES: readonly TPermissionMode[] = ['plan', 'default', 'acceptEdits', 'bypassPermissions']
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
    idleTimeoutSeconds: isIdleTimeout(saved.idleTimeoutSeconds) ? saved.idleTimeoutSeconds : DEFAULT_SETTINGS.idleTimeoutSeconds,
    promptCaching: saved.promptCaching === true,
    thinkingBudgetTokens: isThinkingBudget(saved.thinkingBudgetTokens) ? saved.thinkingBudgetTokens : DEFAULT_SETTINGS.thinkingBudgetTokens,
    webSearch: saved.webSearch === true,
    apiKeys: rememberKeys && isStringRecord(saved.apiKeys) ? saved.apiKeys : {},
    rememberKeys,
    permissionMode: PERMISSION_MODES.find((mode) => mode === saved.permissionMode) ?? DEFAULT_SETTINGS.permissionMode,
    theme: THEMES.find((theme) => theme === saved.theme) ?? DEFAULT_SETTINGS.theme,
    e2b: loadE2BSettings(saved.e2b, rememberKeys),
    allowedImageHosts: Array.isArray(saved.allowedImageHosts) ? saved.allowedImageHosts.filter((host): host is string => typeof host === 'string') : [],
    mcpServers: loadMcpServers(saved.mcpServers, rememberKeys),
    // The embedding page names its proxy each time; a stored one would outlive the page that set it.
    providerProxy: ''
  }
}

function loadE2BSettings(saved: unknown, rememberKeys: boolean): TE2BSettings {
  const fields = (typeof saved === 'object' && saved !== null ? saved : {}) as Record<string, unknown>
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  return { apiKey: rememberKeys ? text(fields.apiKey) : '', template: text(fields.template), apiUrl: text(fields.apiUrl) }
}

/** Saves settings; keys (and MCP servers' headers) are written only when the user ticked "remember on this device". */
export function saveSettings(storage: Pick<Storage, 'setItem'> | undefined, settings: TPlaygroundSettings): void {
  const { apiKeys, ...rest } = settings
  try {
    const forgotten = { ...rest, apiKeys: {}, e2b: { ...settings.e2b, apiKey: '' }, mcpServers: forgetMcpHeaders(settings.mcpServers) }
    storage?.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(settings.rememberKeys ? settings : forgotten))
  } catch {
    // Storage can be full or blocked (private mode); the settings still hold for this page.
  }
}

/** The plain-data provider choice the host takes, with the key for the chosen kind. */
export function toProviderChoice(settings: TPlaygroundSettings): TProviderChoice {
  const proxyRoute = proxyRouteOf(settings)
  const key = settings.apiKeys[settings.providerKind]?.trim() || (proxyRoute ? PROXY_PLACEHOLDER_KEY : undefined)
  const baseURL = settings.baseURL.trim() || proxyRoute
  return {
    kind: settings.providerKind,
    model: settings.model,
    // The offline demo has no endpoint; every other provider may be pointed at a proxy or a compatible server.
    ...(settings.providerKind !== 'offline-demo' && baseURL ? { baseURL } : {}),
    ...(key ? { apiKey: key } : {}),
    ...(settings.providerKind !== 'offline-demo' ? { idleTimeoutMs: settings.idleTimeoutSeconds * 1000 } : {}),
    ...(settings.providerKind !== 'offline-demo' && settings.promptCaching ? { promptCaching: true } : {}),
    ...(settings.providerKind !== 'offline-demo' && settings.webSearch ? { webSearch: true } : {}),
    ...(settings.providerKind !== 'offline-demo' && settings.thinkingBudgetTokens > 0 ? { thinking: { budgetTokens: settings.thinkingBudgetTokens } } : {})
  }
}

// The SDKs insist on a key; the proxy throws away whatever the browser sends and adds the server's.
const PROXY_PLACEHOLDER_KEY = 'placeholder-the-proxy-holds-the-key'

/** The proxy's route for the chosen provider (`<proxy>/anthropic`, `<proxy>/openai`), when the page names a proxy that forwards it. */
export function proxyRouteOf(settings: Pick<TPlaygroundSettings, 'providerKind' | 'providerProxy'>): string | undefined {
  const proxy = settings.providerProxy.trim().replace(/\/+$/, '')
  if (!proxy || (settings.providerKind !== 'anthropic' && settings.providerKind !== 'openai')) return undefined
  return `${proxy}/${settings.providerKind}`
}

/** The longest silence, in seconds, a model may be given before its call fails. */
export const MAX_IDLE_TIMEOUT_SECONDS = 3600
/** The smallest thinking budget in tokens other than 0 (none): Anthropic's smallest. */
export const MIN_THINKING_BUDGET = 1_024
/** The largest thinking budget in tokens: one no model's output limit goes past. */
export const MAX_THINKING_BUDGET = 128_000

/** A thinking budget the providers take: 0, or a whole number of tokens in range. */
export function isThinkingBudget(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && (value === 0 || (value >= MIN_THINKING_BUDGET && value <= MAX_THINKING_BUDGET))
}

/** An idle timeout in whole seconds, within range. */
export function isIdleTimeout(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_IDLE_TIMEOUT_SECONDS
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && Object.values(value).every((entry) => typeof entry === 'string')
}
