import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { AuthenticationError, ProviderSdkMissingError } from '../core/errors.ts'
import { createUserMessage } from '../core/messages.ts'
import type { IAIProvider } from '../core/provider.ts'
import { Robota } from '../core/robota.ts'
import { startFakeLlmServer, type TFakeLlmServer } from '../testing/fake-llm-server.ts'
import { describeHistoryProblems } from '../testing/suite-totals-history-checks.ts'
import { AnthropicProvider, type TAnthropicSdk } from './anthropic/anthropic-provider.ts'
import { GoogleProvider, type TGoogleSdk } from './google/google-provider.ts'
import { OpenAIProvider, type TOpenAISdk } from './openai/openai-provider.ts'

// The vendor SDKs are optional: importing a provider needs neither installed, the SDK is loaded
// on the first call, and a missing SDK fails that call with a typed error saying what to install.

const API_KEY = 'sk-sdk-missing-suite-0123456789'

/** A loader that rejects as Node's ESM loader does when the package is not installed. */
function missing(packageName: string) {
  let calls = 0
  const load = (): Promise<never> => {
    calls++
    return Promise.reject(
      Object.assign(new Error(`Cannot find package '${packageName}' imported from /app/node_modules/robota/dist/providers/index.js`), {
        code: 'ERR_MODULE_NOT_FOUND'
      })
    )
  }
  return { load, calls: () => calls }
}

/** A loader that imports the real SDK and counts how often it was asked to. */
function counting<TModule>(importSdk: () => Promise<TModule>) {
  let calls = 0
  return {
    load: () => {
      calls++
      return importSdk()
    },
    calls: () => calls
  }
}

const mustNotLoad = (): Promise<never> => Promise.reject(new Error('the SDK must not be imported when a client is given'))

const PROVIDERS = [
  {
    label: 'AnthropicProvider',
    providerClass: 'AnthropicProvider',
    packageName: '@anthropic-ai/sdk',
    wrongKeyStatus: 401,
    withLoader: (server: TFakeLlmServer, loadSdk: () => Promise<TAnthropicSdk>): IAIProvider =>
      new AnthropicProvider({ apiKey: API_KEY, baseURL: server.url, maxRetries: 0, loadSdk }),
    withCountedImport: (server: TFakeLlmServer) => {
      const loader = counting(() => import('@anthropic-ai/sdk'))
      return { provider: new AnthropicProvider({ apiKey: API_KEY, baseURL: server.url, maxRetries: 0, loadSdk: loader.load }), calls: loader.calls }
    },
    withClient: async (server: TFakeLlmServer, apiKey: string): Promise<IAIProvider> => {
      const { Anthropic } = await import('@anthropic-ai/sdk')
      return new AnthropicProvider({ client: new Anthropic({ apiKey, baseURL: server.url, maxRetries: 0 }), loadSdk: mustNotLoad })
    }
  },
  {
    label: 'OpenAIProvider (responses)',
    providerClass: 'OpenAIProvider',
    packageName: 'openai',
    wrongKeyStatus: 401,
    withLoader: (server: TFakeLlmServer, loadSdk: () => Promise<TOpenAISdk>): IAIProvider =>
      new OpenAIProvider({ apiKey: API_KEY, baseURL: server.openaiBaseURL, apiSurface: 'responses', maxRetries: 0, loadSdk }),
    withCountedImport: (server: TFakeLlmServer) => {
      const loader = counting(() => import('openai'))
      const provider = new OpenAIProvider({ apiKey: API_KEY, baseURL: server.openaiBaseURL, apiSurface: 'responses', maxRetries: 0, loadSdk: loader.load })
      return { provider, calls: loader.calls }
    },
    withClient: async (server: TFakeLlmServer, apiKey: string): Promise<IAIProvider> => {
      const { OpenAI } = await import('openai')
      return new OpenAIProvider({ client: new OpenAI({ apiKey, baseURL: server.openaiBaseURL, maxRetries: 0 }), apiSurface: 'responses', loadSdk: mustNotLoad })
    }
  },
  {
    label: 'OpenAIProvider (chat-completions)',
    providerClass: 'OpenAIProvider',
    packageName: 'openai',
    wrongKeyStatus: 401,
    withLoader: (server: TFakeLlmServer, loadSdk: () => Promise<TOpenAISdk>): IAIProvider =>
      new OpenAIProvider({ apiKey: API_KEY, baseURL: server.openaiBaseURL, apiSurface: 'chat-completions', maxRetries: 0, loadSdk }),
    withCountedImport: (server: TFakeLlmServer) => {
      const loader = counting(() => import('openai'))
      const provider = new OpenAIProvider({ apiKey: API_KEY, baseURL: server.openaiBaseURL, apiSurface: 'chat-completions', maxRetries: 0, loadSdk: loader.load })
      return { provider, calls: loader.calls }
    },
    withClient: async (server: TFakeLlmServer, apiKey: string): Promise<IAIProvider> => {
      const { OpenAI } = await import('openai')
      return new OpenAIProvider({ client: new OpenAI({ apiKey, baseURL: server.openaiBaseURL, maxRetries: 0 }), apiSurface: 'chat-completions', loadSdk: mustNotLoad })
    }
  },
  {
    label: 'GoogleProvider',
    providerClass: 'GoogleProvider',
    packageName: '@google/genai',
    // Gemini answers a wrong key with 400 API_KEY_INVALID.
    wrongKeyStatus: 400,
    withLoader: (server: TFakeLlmServer, loadSdk: () => Promise<TGoogleSdk>): IAIProvider =>
      new GoogleProvider({ apiKey: API_KEY, baseURL: server.url, maxRetries: 0, loadSdk }),
    withCountedImport: (server: TFakeLlmServer) => {
      const loader = counting(() => import('@google/genai'))
      return { provider: new GoogleProvider({ apiKey: API_KEY, baseURL: server.url, maxRetries: 0, loadSdk: loader.load }), calls: loader.calls }
    },
    withClient: async (server: TFakeLlmServer, apiKey: string) => {
      const { GoogleGenAI } = await import('@google/genai')
      return new GoogleProvider({ client: new GoogleGenAI({ apiKey, httpOptions: { baseUrl: server.url } }), loadSdk: mustNotLoad })
    }
  }
]

let server: TFakeLlmServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

describe.each(PROVIDERS)('$label', (entry) => {
  it('fails the call, not the import or the constructor, with a typed error that says what to install', async () => {
    server = await startFakeLlmServer({ turns: [{ text: 'never' }] })
    const loader = missing(entry.packageName)
    const provider = entry.withLoader(server, loader.load)
    expect(loader.calls()).toBe(0)

    const thrown = await provider.chat([createUserMessage('hi')], { model: 'test-model' }).catch((error: unknown) => error)

    expect(thrown).toBeInstanceOf(ProviderSdkMissingError)
    expect(thrown).toMatchObject({
      code: 'PROVIDER_SDK_MISSING',
      message: `install ${entry.packageName} to use ${entry.providerClass}`,
      details: { package: entry.packageName, provider: entry.providerClass }
    })
    expect(server.requests).toHaveLength(0)
  })

  it('reaches the caller of Robota.run() as result.error, or thrown with throwOnError, and the agent stays usable', async () => {
    server = await startFakeLlmServer({ turns: [{ text: 'never' }] })
    const provider = entry.withLoader(server, missing(entry.packageName).load)
    const agent = new Robota({ name: 'no-sdk', aiProviders: [provider], defaultModel: { provider: provider.name, model: 'test-model' } })

    const result = await agent.run('hi')
    expect(result.error).toEqual({
      name: 'ProviderSdkMissingError',
      code: 'PROVIDER_SDK_MISSING',
      message: `install ${entry.packageName} to use ${entry.providerClass}`,
      category: 'user',
      recoverable: false,
      details: { package: entry.packageName, provider: entry.providerClass }
    })
    expect(describeHistoryProblems(result.history)).toEqual([])

    await expect(agent.run('again', { throwOnError: true })).rejects.toBeInstanceOf(ProviderSdkMissingError)
    expect(describeHistoryProblems(agent.getHistory())).toEqual([])
  })

  it('imports the SDK once, on the first call, and then works', async () => {
    server = await startFakeLlmServer({ turns: [{ text: 'One.' }, { text: 'Two.' }] })
    const { provider, calls } = entry.withCountedImport(server)
    expect(calls()).toBe(0)

    expect((await provider.chat([createUserMessage('one')], { model: 'test-model' })).content).toBe('One.')
    expect((await provider.chat([createUserMessage('two')], { model: 'test-model' })).content).toBe('Two.')
    expect(calls()).toBe(1)
  })

  it('uses a given client without importing the SDK, and maps its errors all the same', async () => {
    server = await startFakeLlmServer({ turns: [{ text: 'Hello.' }], apiKey: API_KEY })
    const provider = await entry.withClient(server, API_KEY)
    expect((await provider.chat([createUserMessage('hi')], { model: 'test-model' })).content).toBe('Hello.')

    const wrongKey = await entry.withClient(server, 'sk-wrong-key-0000000000')
    const thrown = await wrongKey.chat([createUserMessage('hi')], { model: 'test-model' }).catch((error: unknown) => error)
    expect(thrown).toBeInstanceOf(AuthenticationError)
    expect(thrown).toMatchObject({ details: { status: entry.wrongKeyStatus } })
  })
})

describe('the provider entries, bundled with the SDKs left out, in plain Node', () => {
  const directory = mkdtempSync(join(tmpdir(), 'robota-entries-'))
  afterAll(() => rmSync(directory, { recursive: true, force: true }))
  const here = dirname(fileURLToPath(import.meta.url))

  it.each([
    { entry: 'anthropic', exportName: 'AnthropicProvider', packageName: '@anthropic-ai/sdk' },
    { entry: 'openai', exportName: 'OpenAIProvider', packageName: 'openai' },
    { entry: 'google', exportName: 'GoogleProvider', packageName: '@google/genai' }
  ])('robota/providers/$entry imports without $packageName and says to install it on the first call', async ({ entry, exportName, packageName }) => {
    const bundle = join(directory, `${entry}.mjs`)
    await build({
      entryPoints: [join(here, entry, 'index.ts')],
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile: bundle,
      external: ['@anthropic-ai/sdk', 'openai', '@google/genai'],
      logLevel: 'silent'
    })
    const script = join(directory, `${entry}-main.mjs`)
    writeFileSync(
      script,
      `import { ${exportName} } from './${entry}.mjs'
const provider = new ${exportName}({ apiKey: 'sk-test', baseURL: 'http://127.0.0.1:9' })
provider.chat([{ role: 'user', content: 'hi' }], { model: 'test-model' }).then(
  () => console.log(JSON.stringify({ ok: true })),
  (error) => console.log(JSON.stringify({ name: error.name, code: error.code, message: error.message, details: error.details }))
)
`
    )

    // The directory has no node_modules above it, so Node cannot find the SDK.
    const output = execFileSync(process.execPath, [script], { cwd: directory, encoding: 'utf8' })

    expect(JSON.parse(output)).toEqual({
      name: 'ProviderSdkMissingError',
      code: 'PROVIDER_SDK_MISSING',
      message: `install ${packageName} to use ${exportName}`,
      details: { package: packageName, provider: exportName }
    })
  })
})
