import { createServer, request as forward } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createTestRepository, startGitHttpServer } from '../sandbox/workspace/git-http-server.fixtures.ts'

/** The sandbox's git smart-HTTP fixture behind a CORS front, so a page on another port can clone. */
export type TCorsGitServer = { url: string; repositoryUrl: string; close(): Promise<void> }

/**
 * Starts the `git http-backend` fixture with a `sample` repository (README.md, version.txt,
 * bin/run.sh on `main`), and a small proxy that answers preflights and adds CORS headers, as a
 * real git host fronted for browsers would.
 */
export async function startCorsGitServer(): Promise<TCorsGitServer> {
  const git = await startGitHttpServer()
  createTestRepository(git.root, 'sample')
  const upstream = new URL(git.url)
  const proxy = createServer((request, response) => {
    const cors = {
      'access-control-allow-origin': request.headers.origin ?? '*',
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '*',
      'access-control-expose-headers': '*'
    }
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors)
      response.end()
      return
    }
    const outgoing = forward(
      { host: upstream.hostname, port: upstream.port, path: request.url, method: request.method, headers: { ...request.headers, host: upstream.host } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...cors })
        answer.pipe(response)
      }
    )
    outgoing.on('error', () => response.writeHead(502, cors).end())
    request.pipe(outgoing)
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
  return {
    url,
    repositoryUrl: `${url}/sample.git`,
    close: async () => {
      await new Promise<void>((resolve) => proxy.close(() => resolve()))
      await git.close()
    }
  }
}
