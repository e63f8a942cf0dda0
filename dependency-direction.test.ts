import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

// Reads every import of the project's source (tests excepted: they may reach for fakes) and
// checks it against the dependency direction DESIGN.md draws.

type TImport = { specifier: string; typeOnly: boolean; dynamic: boolean }
type TSourceFile = { path: string; imports: TImport[] }
type TRule = { scope: RegExp; allowProject: RegExp[]; allowPackages: RegExp[]; lazyPackages?: RegExp[]; note: string }

const root = import.meta.dirname
const VENDOR_SDKS = /^(@anthropic-ai\/sdk|@google\/genai|openai|e2b|just-bash|isomorphic-git|@modelcontextprotocol\/sdk)(\/|$)/

const RULES: TRule[] = [
  { scope: /^lib\/core\//, allowProject: [/^lib\/core\//], allowPackages: [], note: 'lib/core imports nothing else and no package' },
  { scope: /^lib\/providers\/shared\//, allowProject: [/^lib\/core\//, /^lib\/providers\/shared\//], allowPackages: [], note: 'shared provider helpers: core only, no SDK' },
  { scope: /^lib\/providers\/anthropic\//, allowProject: [/^lib\/core\//, /^lib\/providers\/(anthropic|shared)\//], allowPackages: [/^@anthropic-ai\/sdk(\/|$)/], note: 'anthropic provider: core + its SDK' },
  { scope: /^lib\/providers\/google\//, allowProject: [/^lib\/core\//, /^lib\/providers\/(google|shared)\//], allowPackages: [/^@google\/genai(\/|$)/], note: 'google provider: core + its SDK' },
  { scope: /^lib\/providers\/openai\//, allowProject: [/^lib\/core\//, /^lib\/providers\/(openai|shared)\//], allowPackages: [/^openai(\/|$)/], note: 'openai provider: core + its SDK' },
  { scope: /^lib\/permissions\//, allowProject: [/^lib\/core\//, /^lib\/permissions\//], allowPackages: [], note: 'permissions: core only' },
  { scope: /^lib\/hooks\//, allowProject: [/^lib\/core\//, /^lib\/hooks\//, /^sandbox\/sandbox-client\.ts$/], allowPackages: [], note: 'hooks: core and the sandbox port' },
  { scope: /^lib\/tools\//, allowProject: [/^lib\/core\//, /^lib\/tools\//, /^sandbox\/sandbox-client\.ts$/], allowPackages: [/^zod$/, /^picomatch$/], lazyPackages: [/^@modelcontextprotocol\/sdk\//], note: 'tools: core, the sandbox port, zod, picomatch; the MCP SDK only lazily' },
  { scope: /^lib\/storage\/indexeddb\//, allowProject: [/^lib\/core\//, /^lib\/storage\//], allowPackages: [/^idb$/, /^@noble\/hashes\//, /^zod$/, /^canonicalize$/], note: 'IndexedDB store: core, storage, idb' },
  { scope: /^lib\/storage\//, allowProject: [/^lib\/core\//, /^lib\/storage\/(?!indexeddb\/)/], allowPackages: [/^@noble\/hashes\//, /^zod$/, /^canonicalize$/], note: 'storage: core types, @noble/hashes, zod, canonicalize; idb only in indexeddb/' },
  { scope: /^lib\/session\//, allowProject: [/^lib\/(core|tools|permissions|hooks|session)\//, /^lib\/storage\/(?!indexeddb\/)/, /^sandbox\/sandbox-client\.ts$/], allowPackages: [/^zod$/, /^yaml$/], note: 'session: core, tools, permissions, hooks, storage, the sandbox port, zod, yaml' },
  { scope: /^lib\/host\//, allowProject: [/^lib\/(core|tools|permissions|hooks|session|host)\//, /^lib\/storage\/(?!indexeddb\/)/, /^sandbox\/sandbox-client\.ts$/], allowPackages: [], note: 'host: the session engine and below, the sandbox port; nothing below imports it' },
  { scope: /^lib\/testing\//, allowProject: [/^lib\//, /^sandbox\/sandbox-client\.ts$/], allowPackages: [/^node:/], note: 'testing: lib and the sandbox port' },
  { scope: /^lib\/(index|deprecated-names)\.ts$/, allowProject: [/^lib\/(core|tools|session|host|permissions|hooks)\//, /^lib\/storage\/(?!indexeddb\/)/, /^lib\/deprecated-names\.ts$/], allowPackages: [], note: 'robota entry: no vendor SDK, no IndexedDB store' },
  { scope: /^sandbox\//, allowProject: [/^sandbox\//], allowPackages: [/^just-bash$/, /^isomorphic-git(\/|$)/, /^@noble\/hashes\//, /^buffer$/], lazyPackages: [/^e2b$/], note: 'sandbox: its own plane, no lib/' },
  {
    scope: /^server\/(remote-host|transports\/ws)\//,
    allowProject: [/^server\/(remote-host|transports\/ws)\//, /^server\/transports\/transport-event\.ts$/, /^lib\/(?!testing\/)/, /^worker\/serialized-error\.ts$/, /^worker\/remote\/remote-host-(frames|json)\.ts$/],
    allowPackages: [],
    lazyPackages: [/^ws$/],
    note: 'remote host and ws transport: the host and session over lib/, results shaped as every transport shapes them, the wire frames shared with the page client, ws only lazily'
  },
  {
    scope: /^server\/transports\//,
    allowProject: [/^server\//, /^lib\/(core|tools|permissions|hooks|session)\//, /^lib\/storage\/(?!indexeddb\/)/, /^sandbox\/sandbox-client\.ts$/],
    allowPackages: [/^zod$/],
    lazyPackages: [/^node:(http|readline|stream)$/, /^@modelcontextprotocol\/sdk\//],
    note: 'transports: the session engine and zod; Node built-ins and the MCP SDK only lazily, when a transport starts'
  },
  {
    scope: /^server\/storage\/postgres\//,
    allowProject: [/^server\/storage\/postgres\//, /^lib\/core\//, /^lib\/storage\/(?!indexeddb\/)/],
    allowPackages: [],
    lazyPackages: [/^pg$/, /^@electric-sql\/pglite$/],
    note: 'Postgres session store: the storage port and replay log; pg and PGlite only lazily'
  },
  { scope: /^server\//, allowProject: [/^server\//, /^lib\/core\/errors\.ts$/, /^lib\/storage\/replay-log\/redact-secrets\.ts$/], allowPackages: [], note: 'server: fetch handlers over core errors and the replay log redaction, no package' },
  { scope: /^worker\/react\//, allowProject: [/^lib\//, /^sandbox\//, /^worker\//], allowPackages: [/^comlink$/, /^react$/], note: 'react hooks: worker client + react' },
  { scope: /^worker\//, allowProject: [/^lib\//, /^sandbox\//, /^worker\//], allowPackages: [/^comlink$/], note: 'worker: lib, sandbox, comlink' },
  { scope: /^cli\//, allowProject: [/^lib\//, /^sandbox\//, /^server\//, /^cli\//], allowPackages: [/^node:/, /^ink$/, /^react$/, /^zod$/, /^marked$/], note: 'cli: lib, sandbox, server, Node built-ins, ink over react; nothing imports cli/' },
  { scope: /^playground\/worker\//, allowProject: [/^lib\/(?!testing\/)/, /^sandbox\//, /^worker\//, /^playground\/worker\//], allowPackages: [], note: "the playground's worker file and what only it loads: like any app's worker, it builds the host" },
  { scope: /^playground\/share\/viewer\//, allowProject: [/^lib\/core\//, /^lib\/storage\/replay-log\//, /^playground\/share\//], allowPackages: [], note: "the shared run's viewer, a page of its own inlined into the exported file: it checks the log with the replay log's own code" },
  { scope: /^playground\//, allowProject: [/^worker\//, /^playground\//, /^lib\//], allowPackages: [/^react(-dom)?(\/|$)/, /^marked$/, /^dompurify$/, /^diff$/, /^@tanstack\/react-virtual$/], lazyPackages: [/^virtual:robota-shared-run-viewer$/], note: 'playground: worker client, lib types, react, marked + DOMPurify, diff, the event log\'s windowing; the shared run viewer only lazily' }
]

function listSources(directory: string): string[] {
  return readdirSync(join(root, directory), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.(test|spec|contract|fixtures)\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
}

/** Reads a file's static, type-only and dynamic imports. */
function readImports(source: string): TImport[] {
  const imports: TImport[] = []
  for (const match of source.matchAll(/^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
    imports.push({ specifier: match[2] ?? '', typeOnly: Boolean(match[1]), dynamic: false })
  }
  for (const match of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    imports.push({ specifier: match[1] ?? '', typeOnly: false, dynamic: true })
  }
  return imports
}

/** Lists the imports of `file` that break its rule, worded for the failure message. */
function findViolations(file: TSourceFile): string[] {
  const rule = RULES.find((candidate) => candidate.scope.test(file.path))
  if (!rule) return []
  const violations: string[] = []
  for (const entry of file.imports) {
    if (entry.specifier.startsWith('.')) {
      const target = normalize(join(dirname(file.path), entry.specifier)).replaceAll('\\', '/')
      // The page takes only types from lib/; its worker file runs the SDK like any app's worker, and
      // the shared run's viewer is a page of its own.
      const ownProgram = file.path.startsWith('playground/worker/') || file.path.startsWith('playground/share/viewer/')
      const typeOnlyLibFromPlayground = file.path.startsWith('playground/') && !ownProgram && target.startsWith('lib/') && !entry.typeOnly
      if (!rule.allowProject.some((allowed) => allowed.test(target)) || typeOnlyLibFromPlayground) {
        violations.push(`${file.path} imports ${target} (${rule.note})`)
      }
    } else if (!entry.typeOnly) {
      const allowed = rule.allowPackages.some((pattern) => pattern.test(entry.specifier))
      const lazyAllowed = entry.dynamic && (rule.lazyPackages ?? []).some((pattern) => pattern.test(entry.specifier))
      if (!allowed && !lazyAllowed) violations.push(`${file.path} imports package ${entry.specifier} (${rule.note})`)
    }
  }
  return violations
}

const sources: TSourceFile[] = ['lib', 'cli', 'sandbox', 'worker', 'server', 'playground']
  .flatMap(listSources)
  .map((path) => ({ path, imports: readImports(readFileSync(join(root, path), 'utf8')) }))

describe('dependency direction', () => {
  it('reads the project sources', () => {
    expect(sources.some((file) => file.path === 'lib/core/robota.ts')).toBe(true)
    expect(sources.find((file) => file.path === 'lib/core/robota.ts')?.imports.length).toBeGreaterThan(3)
  })

  it.each(['lib', 'cli', 'sandbox', 'worker', 'server', 'playground'])('%s/ follows DESIGN.md', (plane) => {
    const violations = sources.filter((file) => file.path.startsWith(`${plane}/`)).flatMap(findViolations)
    expect(violations).toEqual([])
  })

  it('keeps vendor SDKs out of the playground and Node built-ins out of the browser planes', () => {
    const offenders = sources
      .filter((file) => /^(playground|worker|sandbox|server|lib\/(?!testing\/))/.test(file.path))
      .flatMap((file) => file.imports.filter((entry) => !entry.typeOnly).map((entry) => ({ file: file.path, specifier: entry.specifier, dynamic: entry.dynamic })))
      // A transport serves from Node and imports Node's modules as it starts, never as `robota/server` loads.
      .filter(({ file, specifier, dynamic }) => (specifier.startsWith('node:') && !(dynamic && file.startsWith('server/transports/'))) || (file.startsWith('playground/') && VENDOR_SDKS.test(specifier)))
    expect(offenders).toEqual([])
  })

  it.each([
    { path: 'lib/core/robota.ts', specifier: '../session/local-agent-host.ts', typeOnly: false },
    { path: 'sandbox/in-memory/x.ts', specifier: '../../lib/core/errors.ts', typeOnly: false },
    { path: 'playground/app.tsx', specifier: 'openai', typeOnly: false },
    { path: 'playground/app.tsx', specifier: '../lib/core/robota.ts', typeOnly: false },
    { path: 'lib/storage/memory-session-store.ts', specifier: 'idb', typeOnly: false },
    { path: 'lib/index.ts', specifier: './storage/indexeddb/index.ts', typeOnly: false },
    { path: 'server/x.ts', specifier: '../lib/session/session.ts', typeOnly: false },
    { path: 'server/x.ts', specifier: 'node:http', typeOnly: false },
    { path: 'server/transports/http/x.ts', specifier: 'node:http', typeOnly: false },
    { path: 'server/transports/mcp/x.ts', specifier: '@modelcontextprotocol/sdk/server/mcp.js', typeOnly: false },
    { path: 'lib/index.ts', specifier: '../cli/main.ts', typeOnly: false },
    { path: 'server/x.ts', specifier: '../cli/storage/file-session-store.ts', typeOnly: true },
    { path: 'lib/session/x.ts', specifier: 'ink', typeOnly: false },
    { path: 'cli/x.ts', specifier: 'idb', typeOnly: false },
    { path: 'server/storage/postgres/x.ts', specifier: 'pg', typeOnly: false },
    { path: 'server/storage/postgres/x.ts', specifier: '../../../lib/session/session.ts', typeOnly: false }
  ])('flags $path importing $specifier', ({ path, specifier, typeOnly }) => {
    expect(findViolations({ path, imports: [{ specifier, typeOnly, dynamic: false }] })).toHaveLength(1)
  })
})
