import { existsSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { PROJECT_ROOT } from '../size/project-paths.ts'

/** Where `npx vite build` writes the playground. */
export const BUILT_PLAYGROUND = join(PROJECT_ROOT, 'dist', 'playground')

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml'
}

/** A static server of the built playground on a loopback port. */
export type TBuiltPlaygroundServer = { url: string; close(): Promise<void> }

/**
 * Serves dist/playground as a deployed site would (the page, its chunks and its worker) on
 * 127.0.0.1 at a free port. Throws when the playground was never built.
 */
export async function serveBuiltPlayground(): Promise<TBuiltPlaygroundServer> {
  if (!existsSync(join(BUILT_PLAYGROUND, 'index.html'))) throw new Error('No built playground in dist/playground: run `npx vite build` first.')
  const server: Server = createServer((request, response) => {
    const pathname = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://playground').pathname))
    const path = pathname === '/' ? '/index.html' : pathname
    try {
      const body = readFileSync(join(BUILT_PLAYGROUND, path))
      response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body)
    } catch {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}
