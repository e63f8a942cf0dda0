import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ProviderError, ProviderSdkMissingError } from '../../core/errors.ts'
import { isMissingPackageError, loadProviderSdk } from './load-provider-sdk.ts'

// What Node itself rejects with when a package is not installed: a script in an empty
// directory (no node_modules above it) imports the package, and prints the error's code and message.
const emptyDirectory = mkdtempSync(join(tmpdir(), 'robota-no-sdk-'))
afterAll(() => rmSync(emptyDirectory, { recursive: true, force: true }))

function nodeImportFailure(specifier: string): Error {
  const script = `import(${JSON.stringify(specifier)}).then(() => console.log('{}'), (error) => console.log(JSON.stringify({ code: error.code, message: error.message })))`
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: emptyDirectory, encoding: 'utf8' })
  const { code, message } = JSON.parse(output) as { code?: string; message?: string }
  if (!message) throw new Error(`Node imported ${specifier} from an empty directory`)
  return Object.assign(new Error(message), { code })
}

function nodeRequireFailure(specifier: string): Error {
  const script = `try { require(${JSON.stringify(specifier)}); console.log('{}') } catch (error) { console.log(JSON.stringify({ code: error.code, message: error.message })) }`
  const output = execFileSync(process.execPath, ['-e', script], { cwd: emptyDirectory, encoding: 'utf8' })
  const { code, message } = JSON.parse(output) as { code?: string; message?: string }
  return Object.assign(new Error(message), { code })
}

const REQUIREMENTS = [
  { packageName: 'openai', providerClass: 'OpenAIProvider' },
  { packageName: '@anthropic-ai/sdk', providerClass: 'AnthropicProvider' },
  { packageName: '@google/genai', providerClass: 'GoogleProvider' }
]

describe.each(REQUIREMENTS)('loading $packageName', (requirement) => {
  it("reports Node's own ERR_MODULE_NOT_FOUND for the package as a missing SDK that says what to install", async () => {
    const failure = nodeImportFailure(requirement.packageName)
    expect(failure).toMatchObject({ code: 'ERR_MODULE_NOT_FOUND' })

    const thrown = await loadProviderSdk(() => Promise.reject(failure), requirement).catch((error: unknown) => error)

    expect(thrown).toBeInstanceOf(ProviderSdkMissingError)
    expect(thrown).toMatchObject({
      code: 'PROVIDER_SDK_MISSING',
      category: 'user',
      recoverable: false,
      message: `install ${requirement.packageName} to use ${requirement.providerClass}`,
      details: { package: requirement.packageName, provider: requirement.providerClass },
      cause: failure
    })
  })

  it("reports require's MODULE_NOT_FOUND for the package the same way", async () => {
    const failure = nodeRequireFailure(requirement.packageName)
    expect(failure).toMatchObject({ code: 'MODULE_NOT_FOUND' })
    await expect(loadProviderSdk(() => Promise.reject(failure), requirement)).rejects.toBeInstanceOf(ProviderSdkMissingError)
  })

  it('returns the module when it loads', async () => {
    const module = { marker: requirement.packageName }
    await expect(loadProviderSdk(async () => module, requirement)).resolves.toBe(module)
  })
})

describe('a browser bundle built without the SDK', () => {
  const requirement = { packageName: 'openai', providerClass: 'OpenAIProvider' }

  it.each([
    ['Vite, which puts a module that throws in place of a missing optional peer', new Error('Could not resolve "openai" imported by "robota". Is it installed?')],
    ['a Vite 7 production build, whose stand-in does not ask', new Error('Could not resolve "openai" imported by "robota".')],
    ['webpack, which does the same for an import it could not resolve inside `try`', Object.assign(new Error("Cannot find module 'openai'"), { code: 'MODULE_NOT_FOUND' })],
    ['Chromium, running a bare import esbuild left in', new TypeError('Failed to resolve module specifier "openai". Relative references must start with either "/", "./", or "../".')],
    ['Firefox, running the same', new TypeError('The specifier “openai” was a bare specifier, but was not remapped to anything. Relative module specifiers must start with “./”, “../” or “/”.')],
    ['Safari, running the same', new TypeError("Module name, 'openai' does not resolve to a valid path.")]
  ])('%s: a missing SDK that says what to install', async (_label, failure) => {
    await expect(loadProviderSdk(() => Promise.reject(failure), requirement)).rejects.toMatchObject({ code: 'PROVIDER_SDK_MISSING', message: 'install openai to use OpenAIProvider', cause: failure })
  })

  it('names another package in those words: not this SDK missing', () => {
    expect(isMissingPackageError(new Error('Could not resolve "openai-extra" imported by "robota". Is it installed?'), 'openai')).toBe(false)
    expect(isMissingPackageError(new TypeError('Failed to resolve module specifier "formdata-node". Relative references must start with either "/", "./", or "../".'), 'openai')).toBe(false)
  })
})

describe('an import failure that is not the SDK missing', () => {
  const requirement = { packageName: 'openai', providerClass: 'OpenAIProvider' }

  it.each([
    ['another package the SDK imports is missing', Object.assign(new Error("Cannot find package 'formdata-node' imported from /app/node_modules/openai/index.mjs"), { code: 'ERR_MODULE_NOT_FOUND' })],
    ['a file inside the package is missing', Object.assign(new Error("Cannot find module '/app/node_modules/openai/index.mjs' imported from /app/dist/openai-provider.js"), { code: 'ERR_MODULE_NOT_FOUND' })],
    ['a package whose name only starts like it', Object.assign(new Error("Cannot find package 'openai-extra' imported from /app/x.js"), { code: 'ERR_MODULE_NOT_FOUND' })],
    ['the right message without a not-found code', new Error("Cannot find package 'openai' imported from /app/x.js")],
    ['a syntax error in the SDK', new SyntaxError("Unexpected token 'export'")],
    ['a chunk the browser could not fetch', new TypeError('Failed to fetch dynamically imported module: https://app.example/assets/openai-1a2b.js')]
  ])('%s is a ProviderError naming the package, not a missing SDK', async (_label, failure) => {
    expect(isMissingPackageError(failure, 'openai')).toBe(false)

    const thrown = await loadProviderSdk(() => Promise.reject(failure), requirement).catch((error: unknown) => error)

    expect(thrown).not.toBeInstanceOf(ProviderSdkMissingError)
    expect(thrown).toBeInstanceOf(ProviderError)
    expect(thrown).toMatchObject({ code: 'PROVIDER_ERROR', message: `OpenAIProvider could not load openai: ${failure.message}`, cause: failure })
  })
})
