import { afterEach, describe, expect, it, vi } from 'vitest'
import { AnthropicProvider } from '../anthropic/anthropic-provider.ts'
import { OpenAIProvider } from '../openai/openai-provider.ts'
import { isBrowserRuntime } from './is-browser-runtime.ts'

afterEach(() => vi.unstubAllGlobals())

describe('isBrowserRuntime', () => {
  it('is false in Node', () => {
    expect(isBrowserRuntime()).toBe(false)
  })

  it('is true in a page', () => {
    vi.stubGlobal('window', { document: {} })
    expect(isBrowserRuntime()).toBe(true)
  })

  it('is true in a web worker', () => {
    vi.stubGlobal('WorkerGlobalScope', function WorkerGlobalScope() {})
    expect(isBrowserRuntime()).toBe(true)
  })
})

describe('providers in a browser-like runtime', () => {
  it('construct without the SDKs refusing to run, because dangerouslyAllowBrowser is set', () => {
    vi.stubGlobal('window', { document: {} })
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (test)' })
    expect(() => new AnthropicProvider({ apiKey: 'sk-ant-test' })).not.toThrow()
    expect(() => new OpenAIProvider({ apiKey: 'sk-test' })).not.toThrow()
  })
})
