import type { TSandboxChoice } from '../../lib/host/agent-host.ts'
import type { TPlaygroundMcpServer } from './mcp-server-settings.ts'
import {
  isIdleTimeout,
  isThinkingBudget,
  MAX_IDLE_TIMEOUT_SECONDS,
  MAX_THINKING_BUDGET,
  MIN_THINKING_BUDGET,
  toProviderChoice,
  type TPlaygroundSettings
} from './playground-settings.ts'
import { findProviderOption, lacksApiKey } from './provider-catalog.ts'

const SERVER_NAME = /^[A-Za-z0-9_-]+$/
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

// What the settings dialog and the sandbox switch check before they act, apart from the settings
// themselves: only those load it, so the page's first script does not carry it.

/** The E2B sandbox the settings describe, or the fix to make first when the key is missing. */
export function toE2BSandboxChoice(settings: TPlaygroundSettings): TSandboxChoice | { problem: string } {
  const { apiKey, template, apiUrl } = settings.e2b
  if (!apiKey.trim()) return { problem: 'Enter an E2B API key under Settings → E2B sandbox first.' }
  if (apiUrl.trim() && !/^https?:\/\/[^\s/]+/.test(apiUrl.trim())) return { problem: 'The E2B API URL under Settings must start with http:// or https://.' }
  return { kind: 'e2b', apiKey: apiKey.trim(), ...(template.trim() ? { template: template.trim() } : {}), ...(apiUrl.trim() ? { apiUrl: apiUrl.trim() } : {}) }
}

/** A field of the settings dialog that a problem can be shown beside. */
export type TSettingsField = 'baseURL' | 'idleTimeout' | 'model' | 'thinkingBudget' | 'apiKey' | 'e2bApiUrl' | 'imageHosts'

/** What is wrong with the settings, by the field it concerns, each worded as the fix. */
export type TSettingsProblems = Partial<Record<TSettingsField, string>>

/**
 * Everything missing or malformed before the choice can work, by field, each worded as the fix;
 * empty when nothing is. Fields the chosen provider does not show (the offline demo has no base
 * URL, silence limit or thinking budget) are not checked, so no problem is left without its field.
 */
export function findSettingsProblems(settings: TPlaygroundSettings): TSettingsProblems {
  const problems: TSettingsProblems = {}
  const option = findProviderOption(settings.providerKind)
  const baseURL = settings.baseURL.trim()
  if (option.needsBaseURL && !baseURL) problems.baseURL = 'Enter the server’s base URL, such as http://127.0.0.1:11434/v1.'
  else if (option.kind !== 'offline-demo' && baseURL && !/^https?:\/\/[^\s/]+/.test(baseURL)) problems.baseURL = 'The base URL must start with http:// or https://.'
  if (option.kind !== 'offline-demo' && !isIdleTimeout(settings.idleTimeoutSeconds)) {
    problems.idleTimeout = `Give the model between 1 and ${MAX_IDLE_TIMEOUT_SECONDS} whole seconds of silence before giving up.`
  }
  if (!settings.model.trim()) problems.model = 'Choose a model.'
  if (option.kind !== 'offline-demo' && !isThinkingBudget(settings.thinkingBudgetTokens)) {
    problems.thinkingBudget = `Give the model a thinking budget of 0 (no thinking) or a whole number of tokens from ${MIN_THINKING_BUDGET} to ${MAX_THINKING_BUDGET}.`
  }
  if (lacksApiKey(toProviderChoice(settings))) problems.apiKey = `Enter an API key for ${option.label}.`
  const e2bUrl = settings.e2b.apiUrl.trim()
  if (e2bUrl && !/^https?:\/\/[^\s/]+/.test(e2bUrl)) problems.e2bApiUrl = 'The E2B API URL must start with http:// or https://.'
  return problems
}

/** A field of the form that adds an MCP server. */
export type TMcpServerField = 'name' | 'url' | 'headers'

/** What is wrong with a server to be added, and the field it concerns. */
export type TMcpServerProblem = { field: TMcpServerField; message: string }

/** What is wrong with a server to be added beside `others`, worded as the fix; `undefined` when nothing is. */
export function findMcpServerProblem(server: TPlaygroundMcpServer, others: readonly TPlaygroundMcpServer[]): TMcpServerProblem | undefined {
  if (!SERVER_NAME.test(server.name)) return { field: 'name', message: 'Name the MCP server with letters, digits, _ and - only (it becomes part of its tools’ names).' }
  if (others.some((other) => other.name === server.name)) return { field: 'name', message: `There is already an MCP server named "${server.name}".` }
  if (!/^https?:\/\/[^\s/]+/.test(server.url.trim())) return { field: 'url', message: 'The MCP server’s URL must start with http:// or https://.' }
  for (const line of server.headers.split('\n')) {
    if (line.trim() === '') continue
    const colon = line.indexOf(':')
    const name = colon > 0 ? line.slice(0, colon).trim() : ''
    if (!HEADER_NAME.test(name)) return { field: 'headers', message: `Write each header as "Name: value" on its own line; "${line.trim().slice(0, 40)}" is not one.` }
  }
  return undefined
}
