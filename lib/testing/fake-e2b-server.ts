import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FakeE2BCloud, FakeE2BSandbox } from './fake-e2b-sandbox.ts'
import { answerE2BApi, sandboxIdOf, type TE2BApiContext } from './fake-e2b/e2b-api-routes.ts'
import { EnvdRpcError, sendUnaryError } from './fake-e2b/envd-connect-codec.ts'
import { answerFiles } from './fake-e2b/envd-filesystem-service.ts'
import { answerEnvdProcedure } from './fake-e2b/envd-procedures.ts'
import type { TEnvdTarget } from './fake-e2b/envd-process-service.ts'
import { CORS_HEADERS, header, parseJsonBody, readBodyBytes, sendEmpty, sendJson, sendPreflight } from './fake-e2b/http-exchange.ts'

// E2B's default sandbox lifetime without activity: five minutes.
const DEFAULT_SANDBOX_TIMEOUT_MS = 300_000

/** Options of `startFakeE2BServer`. */
export type TFakeE2BServerOptions = {
  /** The sandboxes behind the server: a `FakeE2BCloud` over a real shell per sandbox. */
  cloud: FakeE2BCloud
  /** The API key the server accepts in `X-API-KEY`; any other gets 401. Default `e2b_fake_server_key`. */
  apiKey?: string
}

/** One request the server received (CORS preflights excepted). */
export type TFakeE2BServerRequest = {
  method: string
  /** The path without the query: `/v2/sandboxes`, `/process.Process/Start`, `/files`, … */
  path: string
  /** The sandbox it was for: from the path (REST API) or the `E2b-Sandbox-Id` header (envd). */
  sandboxId: string | undefined
  /**
   * False when the server has no such route or procedure and refused it as E2B would refuse an
   * unknown one (404, or Connect's `unimplemented` for a method of envd it does not implement).
   */
  served: boolean
}

/** A running fake E2B service. */
export type TFakeE2BServer = {
  /** `http://127.0.0.1:<port>`: both E2B's API and every sandbox's envd. */
  url: string
  /** The SDK options that point `Sandbox.create` / `Sandbox.connect` at this server. */
  connection: { apiKey: string; apiUrl: string; sandboxUrl: string }
  cloud: FakeE2BCloud
  /** Every request received, in order. */
  requests: TFakeE2BServerRequest[]
  /** Stops the server and drops open connections, running command streams included. */
  close(): Promise<void>
}

/**
 * Starts a local E2B service on 127.0.0.1 (random port) for the real `e2b` SDK: the sandbox
 * lifecycle over E2B's REST API (create, connect and resume, kill, pause, snapshot; `X-API-KEY`
 * checked), and each sandbox's envd, reached through `sandboxUrl` and the `E2b-Sandbox-Id` header:
 * commands over `process.Process` and files over `filesystem.Filesystem` in the Connect protocol
 * (JSON codec, as the SDK sends it), and `/files` for content, with its access token checked.
 * Failures come back as the real service sends them, so the SDK raises its own errors; what the
 * server does not serve is refused at once, never left waiting (see `TFakeE2BServerRequest.served`).
 * Every response allows any origin, so a page or worker can use it too.
 */
export async function startFakeE2BServer(options: TFakeE2BServerOptions): Promise<TFakeE2BServer> {
  // Loaded on call so `robota/testing` stays importable in a browser, where only the server is unusable.
  const { createServer } = await import('node:http')
  const { randomUUID } = await import('node:crypto')
  const apiKey = options.apiKey ?? 'e2b_fake_server_key'
  const { cloud } = options
  const requests: TFakeE2BServerRequest[] = []
  const targets = new Map<string, { target: TEnvdTarget; token: string; lease: { startedAt: Date; endAt: Date } }>()

  const registered = (sandbox: FakeE2BSandbox) => {
    let entry = targets.get(sandbox.sandboxId)
    if (entry === undefined) {
      const startedAt = new Date()
      const lease = { startedAt, endAt: new Date(startedAt.getTime() + DEFAULT_SANDBOX_TIMEOUT_MS) }
      entry = { target: { sandbox, processes: new Map() }, token: randomUUID(), lease }
      targets.set(sandbox.sandboxId, entry)
    }
    return entry
  }
  const apiContext: TE2BApiContext = { cloud, accessToken: (sandbox) => registered(sandbox).token, lease: (sandbox) => registered(sandbox).lease }

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { code: 500, message: String(error) })
      else response.destroy()
    })
  })

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method === 'OPTIONS') return sendPreflight(request, response)
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const method = request.method ?? 'GET'
    const envdSandboxId = header(request, 'e2b-sandbox-id')
    const record: TFakeE2BServerRequest = { method, path: url.pathname, sandboxId: envdSandboxId ?? sandboxIdOf(url.pathname), served: true }
    requests.push(record)
    if (envdSandboxId !== undefined) {
      record.served = await answerEnvd(envdSandboxId, url, request, response)
      return
    }
    if (header(request, 'x-api-key') !== apiKey) {
      return sendJson(response, 401, { code: 401, message: 'Invalid API key, it must start with "e2b_" prefix and be a known key' })
    }
    const body = parseJsonBody(await readBodyBytes(request))
    if (!(await answerE2BApi(apiContext, method, url.pathname, body, response))) {
      record.served = false
      // The API's router answers an unknown route with a plain-text 404, which the SDK reports as a
      // SandboxError with the status, not as a missing sandbox (that needs `{ code: 404 }` JSON).
      response.writeHead(404, { ...CORS_HEADERS, 'content-type': 'text/plain; charset=utf-8' })
      response.end(`404 page not found: the fake E2B server does not serve ${method} ${url.pathname}`)
    }
  }

  // Answers one request to a sandbox's envd; false when it named nothing the server serves.
  async function answerEnvd(sandboxId: string, url: URL, request: IncomingMessage, response: ServerResponse): Promise<boolean> {
    const entry = targets.get(sandboxId)
    // E2B's edge answers 502 for a sandbox that is not running; the SDK reads it as a sandbox timeout.
    if (entry === undefined || entry.target.sandbox.state !== 'running') {
      const state = entry === undefined || entry.target.sandbox.state === 'killed' ? 'not found' : 'paused'
      sendJson(response, 502, { code: 502, message: `The sandbox ${sandboxId} was ${state}`, sandboxId })
      return true
    }
    const path = url.pathname
    if (path === '/health') {
      sendEmpty(response, 204)
      return true
    }
    if (header(request, 'x-access-token') !== entry.token) {
      if (path === '/files') sendJson(response, 401, { code: 401, message: 'invalid access token' })
      else sendUnaryError(response, new EnvdRpcError('unauthenticated', 'invalid access token'))
      return true
    }
    if (path === '/files') {
      await answerFiles(entry.target.sandbox, request, response, url.searchParams)
      return true
    }
    return answerEnvdProcedure(path, entry.target, request, response)
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`
  return {
    url,
    connection: { apiKey, apiUrl: url, sandboxUrl: url },
    cloud,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve()
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}
