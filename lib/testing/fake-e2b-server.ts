import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FakeE2BCloud, FakeE2BSandbox } from './fake-e2b-sandbox.ts'
import { answerE2BApi, sandboxIdOf, type TE2BApiContext } from './fake-e2b/e2b-api-routes.ts'
import { EnvdRpcError, sendUnaryError } from './fake-e2b/envd-connect-codec.ts'
import { toEnvdRpcError } from './fake-e2b/envd-errors.ts'
import { answerFiles, answerFilesystem } from './fake-e2b/envd-filesystem-service.ts'
import { answerProcessUnary, startProcess, type TEnvdTarget } from './fake-e2b/envd-process-service.ts'
import { header, parseJsonBody, readBodyBytes, sendEmpty, sendJson, sendPreflight } from './fake-e2b/http-exchange.ts'

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
 * Failures come back as the real service sends them, so the SDK raises its own errors. Every
 * response allows any origin, so a page or worker can use it too.
 */
export async function startFakeE2BServer(options: TFakeE2BServerOptions): Promise<TFakeE2BServer> {
  // Loaded on call so `robota/testing` stays importable in a browser, where only the server is unusable.
  const { createServer } = await import('node:http')
  const { randomUUID } = await import('node:crypto')
  const apiKey = options.apiKey ?? 'e2b_fake_server_key'
  const { cloud } = options
  const requests: TFakeE2BServerRequest[] = []
  const targets = new Map<string, { target: TEnvdTarget; token: string }>()

  const registered = (sandbox: FakeE2BSandbox) => {
    let entry = targets.get(sandbox.sandboxId)
    if (entry === undefined) {
      entry = { target: { sandbox, processes: new Map() }, token: randomUUID() }
      targets.set(sandbox.sandboxId, entry)
    }
    return entry
  }
  const apiContext: TE2BApiContext = { cloud, accessToken: (sandbox) => registered(sandbox).token }

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
    requests.push({ method, path: url.pathname, sandboxId: envdSandboxId ?? sandboxIdOf(url.pathname) })
    if (envdSandboxId !== undefined) return answerEnvd(envdSandboxId, url, request, response)
    if (header(request, 'x-api-key') !== apiKey) {
      return sendJson(response, 401, { code: 401, message: 'Invalid API key, it must start with "e2b_" prefix and be a known key' })
    }
    const body = parseJsonBody(await readBodyBytes(request))
    if (!(await answerE2BApi(apiContext, method, url.pathname, body, response))) {
      sendJson(response, 404, { code: 404, message: `The fake E2B server has no route ${method} ${url.pathname}` })
    }
  }

  async function answerEnvd(sandboxId: string, url: URL, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const entry = targets.get(sandboxId)
    // E2B's edge answers 502 for a sandbox that is not running; the SDK reads it as a sandbox timeout.
    if (entry === undefined || entry.target.sandbox.state !== 'running') {
      const state = entry === undefined || entry.target.sandbox.state === 'killed' ? 'not found' : 'paused'
      return sendJson(response, 502, { code: 502, message: `The sandbox ${sandboxId} was ${state}`, sandboxId })
    }
    const path = url.pathname
    if (path === '/health') return sendEmpty(response, 204)
    if (header(request, 'x-access-token') !== entry.token) {
      if (path === '/files') return sendJson(response, 401, { code: 401, message: 'invalid access token' })
      return sendUnaryError(response, new EnvdRpcError('unauthenticated', 'invalid access token'))
    }
    if (path === '/files') return answerFiles(entry.target.sandbox, request, response, url.searchParams)
    try {
      if (path === '/process.Process/Start') return await startProcess(entry.target, request, response)
      const rpc = /^\/(process\.Process|filesystem\.Filesystem)\/(\w+)$/.exec(path)
      if (rpc?.[1] === 'process.Process') return await answerProcessUnary(rpc[2] ?? '', entry.target, request, response)
      if (rpc?.[1] === 'filesystem.Filesystem') return await answerFilesystem(rpc[2] ?? '', entry.target.sandbox, request, response)
      throw new EnvdRpcError('unimplemented', `envd has no method ${path}`)
    } catch (error) {
      if (!response.headersSent) sendUnaryError(response, toEnvdRpcError(error))
      else response.destroy()
    }
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
