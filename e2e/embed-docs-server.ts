import { existsSync, readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, extname, join, normalize, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const EMBED_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'playground', 'embed')
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.jsonl': 'application/x-ndjson' }

/** A documentation site: the built embed under `/embed/`, extra pages and files beside it, and server routes. */
export type TEmbedDocsSite = { url: string; close: () => Promise<void> }

/** What a strict documentation site sends with every file, the worker's script included. */
export const DOCS_SITE_POLICY = "default-src 'self'; script-src 'self'; worker-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'"

/**
 * Serves `dist/playground/embed/` at `/embed/` with `files` (path under `/embed/` → content) beside
 * it and `routes` (a path prefix → a Node listener, such as the provider proxy) on the same origin,
 * every response under the strict policy. `npm run build` must have run.
 */
export async function serveEmbedDocsSite(files: Record<string, string>, routes: Record<string, (request: IncomingMessage, response: ServerResponse) => void> = {}): Promise<TEmbedDocsSite> {
  const server = createServer((request, response) => {
    const route = Object.entries(routes).find(([prefix]) => request.url?.startsWith(prefix))
    if (route) return route[1](request, response)
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname))
    const name = path.replace(/^\/embed\//, '')
    const headers = { 'content-security-policy': DOCS_SITE_POLICY, 'content-type': TYPES[extname(name)] ?? 'application/octet-stream' }
    const extra = files[name]
    if (extra !== undefined) return void response.writeHead(200, headers).end(extra)
    const file = join(EMBED_DIR, name)
    if (!path.startsWith('/embed/') || !file.startsWith(EMBED_DIR) || !existsSync(file)) return void response.writeHead(404, headers).end('Not found')
    response.writeHead(200, headers).end(readFileSync(file))
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/embed/`, close: () => closeServer(server) }
}

function closeServer(server: Server): Promise<void> {
  return new Promise((done) => {
    server.close(() => done())
    server.closeAllConnections()
  })
}

/** A page that loads the embed module and shows one `<robota-playground>` with `attributes`. */
export function docsPage(attributes: string, before = ''): string {
  return `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><link rel="icon" href="data:," /><title>Docs page</title></head>
  <body><main><h1>Docs page</h1>${before}<robota-playground ${attributes}></robota-playground></main><script type="module" src="./robota-playground.js"></script></body>
</html>
`
}
