import { ConfigurationError } from './errors.ts'
import type { IAIProvider } from './provider.ts'

/** Whether one provider-native (hosted) web tool exists and is switched on for this provider instance. */
export type TProviderNativeWebToolCapability = {
  /** The provider has a documented hosted path for this tool. */
  supported: boolean
  /** That hosted path is active for this provider instance. */
  enabled: boolean
  /** Why it is unsupported or disabled, shown in errors. */
  reason?: string
}

/** A provider-neutral report of what a provider can do; generic layers read it instead of provider names. */
export type IProviderCapabilities = {
  /** The provider can call Robota function tools. */
  functionCalling: boolean
  /** Hosted web tools; Robota's own WebSearch/WebFetch function tools do not count here. */
  nativeWebTools: {
    webSearch: TProviderNativeWebToolCapability
    webFetch: TProviderNativeWebToolCapability
  }
  /** Chat settings the provider refuses to send, each with the reason a person is shown; none when left out. */
  unsupportedChatSettings?: Partial<Record<'temperature' | 'maxTokens', string>>
}

/** Which provider-native web tools one call asks for. */
export type IProviderNativeWebToolRequest = { webSearch?: boolean; webFetch?: boolean }

/** A provider that may report its own capabilities through an optional `getCapabilities()` hook. */
export type TCapabilityReportingProvider = Pick<IAIProvider, 'name' | 'supportsTools'> & {
  getCapabilities?: () => IProviderCapabilities
}

/** What a provider without a `getCapabilities()` hook is assumed to support. */
export function createDefaultProviderCapabilities(functionCalling: boolean): IProviderCapabilities {
  const unsupported = { supported: false, enabled: false, reason: 'The provider does not declare it.' }
  return { functionCalling, nativeWebTools: { webSearch: { ...unsupported }, webFetch: { ...unsupported } } }
}

/**
 * The provider's own capability report when it has a `getCapabilities()` hook; otherwise function
 * calling from `supportsTools()` and no native web tools.
 */
export function getProviderCapabilities(provider: TCapabilityReportingProvider): IProviderCapabilities {
  if (typeof provider.getCapabilities === 'function') return provider.getCapabilities()
  return createDefaultProviderCapabilities(provider.supportsTools())
}

const WEB_TOOL_LABELS = { webSearch: 'web search', webFetch: 'web fetch' } as const

/**
 * Throws a `ConfigurationError` before any transport work when `request` asks for a native web
 * tool the provider does not support or has not enabled. Tools not requested are not checked.
 */
export function assertProviderNativeWebToolsAvailable(
  provider: TCapabilityReportingProvider,
  request: IProviderNativeWebToolRequest | undefined
): void {
  if (!request?.webSearch && !request?.webFetch) return
  const { nativeWebTools } = getProviderCapabilities(provider)
  for (const tool of ['webSearch', 'webFetch'] as const) {
    if (request[tool] !== true) continue
    const capability = nativeWebTools[tool]
    const label = WEB_TOOL_LABELS[tool]
    const reason = capability.reason ? ` ${capability.reason}` : ''
    if (!capability.supported) {
      throw new ConfigurationError(`Provider "${provider.name}" does not support native ${label}.${reason}`, {
        details: { provider: provider.name, tool, supported: false, enabled: capability.enabled }
      })
    }
    if (!capability.enabled) {
      throw new ConfigurationError(
        `Provider "${provider.name}" supports native ${label}, but it is not enabled.${reason}`,
        { details: { provider: provider.name, tool, supported: true, enabled: false } }
      )
    }
  }
}

/** @deprecated use `TProviderNativeWebToolCapability`; the `I` prefix marks interfaces and the specs' names. */
export type IProviderNativeWebToolCapability = TProviderNativeWebToolCapability
