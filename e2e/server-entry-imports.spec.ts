import { expect, test } from '@playwright/test'
import { execFileSync } from 'node:child_process'

// `robota/server` is loaded by apps that only run the provider proxy (in Node, Workers, edge
// runtimes): importing it must not pull in Node's http or readline, nor the MCP SDK. A module
// resolve hook in a plain Node process records every module the built entry loads. Runs after
// `npm run build`.

const PROBE = `
import { register } from 'node:module'
import { MessageChannel } from 'node:worker_threads'
const { port1, port2 } = new MessageChannel()
const seen = []
port1.on('message', (url) => seen.push(url))
const hooks = 'let port; export function initialize(data) { port = data.port } export async function resolve(specifier, context, next) { const resolved = await next(specifier, context); port.postMessage(resolved.url); return resolved }'
register('data:text/javascript,' + encodeURIComponent(hooks), import.meta.url, { data: { port: port2 }, transferList: [port2] })
await import(process.env.ENTRY)
await new Promise((resolve) => setTimeout(resolve, 300))
port1.close()
console.log(JSON.stringify(seen))
`

function modulesLoadedBy(entry: string): string[] {
  const { FORCE_COLOR: _forceColor, ...env } = process.env
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', PROBE], { cwd: process.cwd(), encoding: 'utf8', timeout: 30_000, env: { ...env, ENTRY: entry } })
  return JSON.parse(output) as string[]
}

const HEAVY = /@modelcontextprotocol|^node:(http|https|readline|stream|child_process)$|\/node_modules\/(pg|@electric-sql\/pglite)\//

test('importing robota/server loads neither Node’s http nor the MCP SDK, pg or PGlite', () => {
  const loaded = modulesLoadedBy('robota/server')
  expect(loaded.some((url) => url.includes('/dist/lib/server/transports/mcp/mcp-transport.js'))).toBe(true)
  expect(loaded.some((url) => url.includes('/dist/lib/server/storage/postgres/postgres-session-store.js'))).toBe(true)
  expect(loaded.filter((url) => HEAVY.test(url))).toEqual([])
  // The probe does see them when they are loaded: the MCP SDK's server module, as the MCP transport's start imports it.
  expect(modulesLoadedBy('@modelcontextprotocol/sdk/server/streamableHttp.js').filter((url) => HEAVY.test(url)).length).toBeGreaterThan(0)
  expect(modulesLoadedBy('pg').filter((url) => HEAVY.test(url)).length).toBeGreaterThan(0)
})
