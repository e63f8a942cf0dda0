import { createReadStream, existsSync, mkdtempSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, extname, join, normalize, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')

/** A built app served over HTTP; `close` stops the server. */
export type TServedApp = { url: string; close: () => Promise<void> }

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' }

/** Extra module aliases for an app's build: a bare name and the file it resolves to. */
export type TAppAliases = Record<string, string>

/** Server routes beside the app's files, on its origin: a path prefix and the listener answering under it. */
export type TAppRoutes = Record<string, (request: IncomingMessage, response: ServerResponse) => void>

/**
 * Builds an app of `e2e/apps/<name>` with Vite, `robota` resolved to this checkout's sources as
 * an installed package would be to its build (plus `aliases`, paths relative to the app's
 * folder), and serves the result from a local port, with `routes` answering on the same origin.
 */
export async function buildAndServeApp(name: string, aliases: TAppAliases = {}, routes: TAppRoutes = {}): Promise<TServedApp> {
  const outDir = mkdtempSync(join(tmpdir(), `robota-${name}-`))
  await build({
    configFile: false,
    root: join(ROOT, 'e2e', 'apps', name),
    // Node built-ins the lazily loaded e2b SDK names are stubbed for the browser; its warnings are noise.
    logLevel: 'error',
    resolve: {
      alias: [
        { find: /^robota\/worker$/, replacement: join(ROOT, 'worker', 'index.ts') },
        { find: /^robota\/testing$/, replacement: join(ROOT, 'lib', 'testing', 'index.ts') },
        { find: /^robota\/providers\/anthropic$/, replacement: join(ROOT, 'lib', 'providers', 'anthropic', 'index.ts') },
        { find: /^robota$/, replacement: join(ROOT, 'lib', 'index.ts') },
        ...Object.entries(aliases).map(([bare, file]) => ({ find: new RegExp(`^${bare}$`), replacement: join(ROOT, 'e2e', 'apps', name, file) }))
      ]
    },
    worker: { format: 'es' },
    build: { outDir, emptyOutDir: true, target: 'es2022' }
  })
  const server = createServer((request, response) => {
    const route = Object.entries(routes).find(([prefix]) => request.url?.startsWith(prefix))
    if (route) return route[1](request, response)
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)).replace(/^(\.\.[/\\])+/, '')
    const file = join(outDir, path.endsWith('/') ? 'index.html' : path)
    if (!file.startsWith(outDir) || !existsSync(file)) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' })
    createReadStream(file).pipe(response)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/`, close: () => closeServer(server) }
}

function closeServer(server: Server): Promise<void> {
  return new Promise((done) => {
    server.close(() => done())
    // A route may hold a stream open; the page is gone by now.
    server.closeAllConnections()
  })
}
