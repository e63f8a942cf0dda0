import { describe, expect, it } from 'vitest'
import { ConfigurationError, isRobotaError } from './errors.ts'
import {
  assertProviderNativeWebToolsAvailable,
  createDefaultProviderCapabilities,
  getProviderCapabilities,
  type IProviderCapabilities,
  type TProviderNativeWebToolCapability,
  type IProviderNativeWebToolRequest,
  type TCapabilityReportingProvider
} from './provider-capabilities.ts'

function plainProvider(supportsTools: boolean): TCapabilityReportingProvider {
  return { name: 'plain', supportsTools: () => supportsTools }
}

function reportingProvider(
  webSearch: TProviderNativeWebToolCapability,
  webFetch: TProviderNativeWebToolCapability
): TCapabilityReportingProvider & { calls: number } {
  const provider = {
    name: 'hosted',
    calls: 0,
    supportsTools: () => true,
    getCapabilities(): IProviderCapabilities {
      provider.calls += 1
      return { functionCalling: true, nativeWebTools: { webSearch, webFetch } }
    }
  }
  return provider
}

function catchError(action: () => void): unknown {
  try {
    action()
  } catch (error) {
    return error
  }
  return undefined
}

const on = { supported: true, enabled: true }
const off = { supported: true, enabled: false }
const none = { supported: false, enabled: false }

describe('getProviderCapabilities', () => {
  it.each([true, false])('defaults function calling to supportsTools() = %s and web tools to unsupported', (tools) => {
    const capabilities = getProviderCapabilities(plainProvider(tools))
    expect(capabilities.functionCalling).toBe(tools)
    expect(capabilities.nativeWebTools.webSearch).toMatchObject({ supported: false, enabled: false })
    expect(capabilities.nativeWebTools.webFetch).toMatchObject({ supported: false, enabled: false })
    expect(capabilities).toEqual(createDefaultProviderCapabilities(tools))
  })

  it("uses the provider's own getCapabilities() when it has one, called on the provider", () => {
    const provider = reportingProvider(on, off)
    expect(getProviderCapabilities(provider)).toEqual({
      functionCalling: true,
      nativeWebTools: { webSearch: on, webFetch: off }
    })
    expect(provider.calls).toBe(1)
  })

  it('ignores a getCapabilities property that is not a function', () => {
    const provider = { name: 'odd', supportsTools: () => false, getCapabilities: undefined }
    expect(getProviderCapabilities(provider).functionCalling).toBe(false)
  })

  it('returns independent default objects', () => {
    const first = getProviderCapabilities(plainProvider(true))
    first.nativeWebTools.webSearch.enabled = true
    expect(getProviderCapabilities(plainProvider(true)).nativeWebTools.webSearch.enabled).toBe(false)
  })
})

describe('assertProviderNativeWebToolsAvailable', () => {
  type TCapability = TProviderNativeWebToolCapability

  it.each<[string, TCapability, TCapability, IProviderNativeWebToolRequest | undefined]>([
    ['no request', none, none, undefined],
    ['an empty request', none, none, {}],
    ['both tools false', none, none, { webSearch: false, webFetch: false }],
    ['search, supported and enabled', on, none, { webSearch: true }],
    ['fetch, supported and enabled', none, on, { webFetch: true }],
    ['both, both enabled', on, on, { webSearch: true, webFetch: true }]
  ])('passes for %s', (_label, webSearch, webFetch, request) => {
    expect(() => assertProviderNativeWebToolsAvailable(reportingProvider(webSearch, webFetch), request)).not.toThrow()
  })

  it.each<[string, TCapability, TCapability, IProviderNativeWebToolRequest, RegExp, string]>([
    ['search unsupported', none, on, { webSearch: true }, /does not support native web search/, 'webSearch'],
    ['search disabled', off, on, { webSearch: true }, /supports native web search, but it is not enabled/, 'webSearch'],
    ['fetch unsupported', on, none, { webFetch: true }, /does not support native web fetch/, 'webFetch'],
    ['fetch disabled', on, off, { webFetch: true }, /supports native web fetch, but it is not enabled/, 'webFetch'],
    ['both asked, fetch disabled', on, off, { webSearch: true, webFetch: true }, /web fetch, but it is not enabled/, 'webFetch']
  ])('throws a ConfigurationError when %s', (_label, webSearch, webFetch, request, message, tool) => {
    const provider = reportingProvider(webSearch, webFetch)
    const thrown = catchError(() => assertProviderNativeWebToolsAvailable(provider, request))
    expect(thrown).toBeInstanceOf(ConfigurationError)
    expect(isRobotaError(thrown)).toBe(true)
    expect(thrown).toMatchObject({
      code: 'CONFIGURATION_ERROR',
      message: expect.stringMatching(message),
      details: { provider: 'hosted', tool }
    })
    expect(thrown).toMatchObject({ message: expect.stringContaining('"hosted"') })
  })

  it('rejects requests to a provider without a capability hook', () => {
    expect(() => assertProviderNativeWebToolsAvailable(plainProvider(true), { webSearch: true })).toThrow(
      /Provider "plain" does not support native web search/
    )
  })

  it('includes the provider-given reason', () => {
    const provider = reportingProvider({ supported: true, enabled: false, reason: 'Set webSearch: true.' }, none)
    expect(() => assertProviderNativeWebToolsAvailable(provider, { webSearch: true })).toThrow(/Set webSearch: true\./)
  })

  it('does not ask the provider when nothing is requested', () => {
    const provider = reportingProvider(none, none)
    assertProviderNativeWebToolsAvailable(provider, { webSearch: false })
    expect(provider.calls).toBe(0)
  })
})
