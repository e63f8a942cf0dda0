import { expect, test } from '@playwright/test'
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

// The package as an app installs it: every entry point of `package.json` imported by name from
// the built `dist/lib`, in plain Node (no TypeScript loader) and in a strict TypeScript project
// that checks the declarations too. Runs after `npm run build`, like the browser specs.

const ROOT = process.cwd()

function node(code: string): string {
  // Without colour: the test runner sets FORCE_COLOR, which would colour the numbers logged.
  const { FORCE_COLOR: _forceColor, ...env } = process.env
  return execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT, encoding: 'utf8', timeout: 30_000, env: { ...env, NO_COLOR: '1' } })
}

test('every entry point imports by name in plain Node, with the names the docs use', () => {
  const expected: Record<string, string[]> = {
    robota: ['Robota', 'InteractiveSession', 'createQuery', 'MemorySessionStore', 'LocalAgentHost', 'createZodFunctionTool', 'verifyReplayLog', 'BundlePluginInstaller', 'MarketplaceClient', 'PluginCommandSource', 'DirectoryPluginFileStore'],
    'robota/providers/anthropic': ['AnthropicProvider'],
    'robota/providers/google': ['GoogleProvider'],
    'robota/providers/openai': ['OpenAIProvider'],
    'robota/sandbox': ['InMemorySandboxClient', 'applyWorkspaceManifest', 'validateWorkspaceManifestPath'],
    'robota/sandbox/e2b': ['E2BSandboxClient', 'createE2BSandboxClient'],
    'robota/storage/indexeddb': ['IndexedDBSessionStore', 'IndexedDBPluginFileStore'],
    'robota/worker': ['createAgentClient', 'createRemoteAgentClient'],
    'robota/react': ['useAgentSession', 'useReplayEvents'],
    'robota/testing': ['ScriptedProvider', 'startFakeLlmServer', 'startPluginMarketplaceServer'],
    'robota/testing/e2b': ['FakeE2BCloud'],
    'robota/server': ['createProviderProxy', 'toNodeListener', 'createFixedWindowRateLimiter', 'createHeadlessTransport', 'createHttpTransport', 'createMcpTransport', 'serveAgentHost', 'WebSocketTransport', 'PostgresSessionStore', 'createPostgresSessionStore', 'createPGliteSessionStore']
  }
  const names = JSON.parse(
    node(`const out = {}; for (const entry of ${JSON.stringify(Object.keys(expected))}) out[entry] = Object.keys(await import(entry)); console.log(JSON.stringify(out))`)
  ) as Record<string, string[]>
  for (const [entry, wanted] of Object.entries(expected)) expect(names[entry], entry).toEqual(expect.arrayContaining(wanted))
})

test('the README’s example runs as written against the built package', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
  const example = /## Use\s+```ts\n([\s\S]+?)```/.exec(readme)?.[1]
  if (!example) throw new Error('README.md has no ```ts block under "## Use"')
  const output = node(example)
  expect(output).toContain('There is a README.')
  expect(output).toMatch(/\d+ tool_execution_result/)
})

test('the declarations type-check in a strict NodeNext project, library checks on', () => {
  // Inside the package, so `robota` resolves to this package through its own `exports`.
  const directory = join(ROOT, 'dist', 'consumer-check')
  rmSync(directory, { recursive: true, force: true })
  mkdirSync(directory, { recursive: true })
  writeFileSync(
    join(directory, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: false, lib: ['ES2023', 'DOM', 'DOM.Iterable'], types: ['node'] },
      files: ['check.ts']
    })
  )
  writeFileSync(
    join(directory, 'check.ts'),
    [
      "import { Robota, createBashTool, type TUniversalMessage } from 'robota'",
      "import { InMemorySandboxClient } from 'robota/sandbox'",
      "import { createAgentClient } from 'robota/worker'",
      "import { useAgentSession } from 'robota/react'",
      "import { IndexedDBSessionStore } from 'robota/storage/indexeddb'",
      "import { ScriptedProvider } from 'robota/testing'",
      'const messages: TUniversalMessage[] = []',
      'const sandbox = new InMemorySandboxClient({})',
      "const provider = new ScriptedProvider([{ text: 'hi' }])",
      "const agent = new Robota({ name: 'a', aiProviders: [provider], defaultModel: { provider: provider.name, model: 'm' }, tools: [createBashTool({ sandbox })] })",
      'void [agent, messages, createAgentClient, useAgentSession, IndexedDBSessionStore]',
      // Unused if the types fell back to `any`: then tsc fails on this line.
      '// @ts-expect-error an option the client does not have',
      'new InMemorySandboxClient({ nonsense: true })',
      ''
    ].join('\n')
  )
  try {
    execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', directory], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 })
  } catch (error) {
    throw new Error(`The declarations do not type-check:\n${(error as { stdout?: string }).stdout ?? String(error)}`)
  } finally {
    rmSync(directory, { recursive: true, force: true })
  }
})

test('robota/server type-checks on a server with Node types and no DOM library', () => {
  const directory = join(ROOT, 'dist', 'consumer-check-server')
  rmSync(directory, { recursive: true, force: true })
  mkdirSync(directory, { recursive: true })
  writeFileSync(
    join(directory, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: false, lib: ['ES2023'], types: ['node'] },
      files: ['check.ts']
    })
  )
  writeFileSync(
    join(directory, 'check.ts'),
    [
      "import { createServer } from 'node:http'",
      "import type { ISessionStore } from 'robota'",
      "import { createHttpTransport, createMcpTransport, createPGliteSessionStore, createPostgresSessionStore, createProviderProxy, serveAgentHost, toNodeListener, WebSocketTransport, type TTransportEvent } from 'robota/server'",
      "const proxy = createProviderProxy({ anthropic: { apiKey: 'key' }, authorize: (request) => request.headers.get('x-user') ?? undefined, allowedModels: ['claude-haiku-4-5'] })",
      'createServer(toNodeListener(proxy))',
      "const response: Promise<Response> = proxy(new Request('http://localhost/api/llm/anthropic/v1/messages'))",
      "const http = createHttpTransport({ token: 'a-token-of-sixteen-chars' })",
      "const handler: (request: Request) => Promise<Response> = createMcpTransport({ token: 'a-token-of-sixteen-chars' }).name === 'mcp' ? http.handler : http.handler",
      "const event: TTransportEvent = { type: 'text_delta', delta: 'hi' }",
      "const served: Promise<{ url: string; close(): Promise<void> }> = serveAgentHost({} as Parameters<typeof serveAgentHost>[0], { server: createServer(), token: 'a-token-of-sixteen-chars' })",
      "const transport = new WebSocketTransport({ port: 0, token: 'a-token-of-sixteen-chars' })",
      "const stores: ISessionStore[] = [createPGliteSessionStore(), createPostgresSessionStore({ connectionString: 'postgres://localhost/app' })]",
      'void [response, handler, event, served, transport.askPermission, stores]',
      ''
    ].join('\n')
  )
  try {
    execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', directory], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 })
  } catch (error) {
    throw new Error(`robota/server does not type-check without the DOM library:\n${(error as { stdout?: string }).stdout ?? String(error)}`)
  } finally {
    rmSync(directory, { recursive: true, force: true })
  }
})

test('just-bash loads through #robota/just-bash: the browser build for browsers, elsewhere an import bundlers leave to run time', () => {
  const conditions = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { imports: Record<string, Record<string, string>> }).imports['#robota/just-bash']
  expect(Object.keys(conditions ?? {})).toEqual(['browser', 'default'])
  // A server build (Next.js, with webpack or Turbopack) that followed this import would bundle
  // just-bash's Node build and fail on its optional native dependencies.
  const elsewhere = readFileSync(join(ROOT, conditions?.default ?? ''), 'utf8')
  expect(elsewhere).toContain("import(/* webpackIgnore: true */ /* turbopackIgnore: true */ /* @vite-ignore */ 'just-bash')")
  expect(readFileSync(join(ROOT, conditions?.browser ?? ''), 'utf8')).toContain('as importJustBash}')
  const output = node(
    "const { importJustBash } = await import('#robota/just-bash'); const { Bash } = await importJustBash(); process.stdout.write((await new Bash().exec('echo hi | tr a-z A-Z')).stdout)"
  )
  expect(output).toBe('HI\n')
})
