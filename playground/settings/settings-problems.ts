import type { TSandboxChoice } from '../../lib/host/agent-host.ts'
import type { TPlaygroundMcpServer } from './mcp-server-settings.ts'
import {
  isIdleTimeout,
  isThinkingBudget,
  MAX_IDLE_TIMEOUT_SECONDS,
  MAX_THINKING_BUDGET,
  MIN_THINKING_BUDGET,
  proxyRouteOf,
  type TPlaygroundSettings
} from './playground-settings.ts'
import { findProviderOption } from './provider-catalog.ts'

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

/** What is missing before the choice can work, worded as the fix; `undefined` when nothing is. */
export function findSettingsProblem(settings: TPlaygroundSettings): string | undefined {
  const option = findProviderOption(settings.providerKind)
  if (option.needsKey && !settings.apiKeys[option.kind]?.trim() && !proxyRouteOf(settings)) return `Enter an API key for ${option.label}.`
  const baseURL = settings.baseURL.trim()
  if (option.needsBaseURL && !baseURL) return 'Enter the server’s base URL, such as http://127.0.0.1:11434/v1.'
  if (option.kind !== 'offline-demo' && baseURL && !/^https?:\/\/[^\s/]+/.test(baseURL)) return 'The base URL must start with http:// or https://.'
  if (!settings.model.trim()) return 'Choose a model.'
  if (!isIdleTimeout(settings.idleTimeoutSeconds)) return `Give the model between 1 and ${MAX_IDLE_TIMEOUT_SECONDS} whole seconds of silence before giving up.`
  if (!isThinkingBudget(settings.thinkingBudgetTokens)) {
    return `Give the model a thinking budget of 0 (no thinking) or a whole number of tokens from ${MIN_THINKING_BUDGET} to ${MAX_THINKING_BUDGET}.`
  }
  const e2bUrl = settings.e2b.apiUrl.trim()
  if (e2bUrl && !/^https?:\/\/[^\s/]+/.test(e2bUrl)) return 'The E2B API URL must start with http:// or https://.'
  return undefined
}

/** What is wrong with a server to be added beside `others`, worded as the fix; `undefined` when nothing is. */
export function findMcpServerProblem(server: TPlaygroundMcpServer, others: readonly TPlaygroundMcpServer[]): string | undefined {
  if (!SERVER_NAME.test(server.name)) return 'Name the MCP server with letters, digits, _ and - only (it becomes part of its tools’ names).'
  if (others.some((other) => other.name === server.name)) return `There is already an MCP server named "${server.name}".`
  if (!/^https?:\/\/[^\s/]+/.test(server.url.trim())) return 'The MCP server’s URL must start with http:// or https://.'
  for (const line of server.headers.split('\n')) {
    if (line.trim() === '') continue
    const colon = line.indexOf(':')
    const name = colon > 0 ? line.slice(0, colon).trim() : ''
    if (!HEADER_NAME.test(name)) return `Write each header as "Name: value" on its own line; "${line.trim().slice(0, 40)}" is not one.`
  }
  return undefined
}
