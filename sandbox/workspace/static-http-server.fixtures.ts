import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A local HTTP server answering fixed bodies by path, 404 otherwise, and counting requests. */
export type TStaticHttpServer = {
  /** `http://127.0.0.1:<port>` */
  url: string
  /** Request paths in arrival order. */
  requests: string[]
  close(): Promise<void>
}

/** Starts a server on 127.0.0.1 that serves `files` (path to body) with CORS open to any origin. */
export async function startStaticHttpServer(files: Record<string, string | Uint8Array>): Promise<TStaticHttpServer> {
  const requests: string[] = []
  const server = createServer((request, response) => {
    const path = request.url ?? '/'
    requests.push(path)
    const body = files[path]
    if (body === undefined) {
      response.writeHead(404, { 'access-control-allow-origin': '*' })
      response.end('not found')
      return
    }
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'access-control-allow-origin': '*' })
    response.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}
