import type { ServerResponse } from 'node:http'
import type { FakeE2BCloud, FakeE2BSandbox } from '../fake-e2b-sandbox.ts'
import { sendEmpty, sendJson } from './http-exchange.ts'
import { describeError } from '../../core/describe-error.ts'

/** The envd version the fake sandboxes report; the SDK picks its wire features by it. */
export const FAKE_ENVD_VERSION = '0.5.7'

/** What the API routes need from the server: the cloud, and a token per sandbox for envd. */
export type TE2BApiContext = {
  cloud: FakeE2BCloud
  /** The envd access token of a sandbox, issued on its first create or connect. */
  accessToken(sandbox: FakeE2BSandbox): string
  /** When a sandbox started and when it will end, as its info reports them; `setTimeout` moves the end. */
  lease(sandbox: FakeE2BSandbox): { startedAt: Date; endAt: Date }
}

/** A route of E2B's REST API: `POST /v2/sandboxes`, `GET /sandboxes/{id}`, `DELETE /sandboxes/{id}`, … */
type TE2BApiRoute = {
  method: string
  pattern: RegExp
  answer(context: TE2BApiContext, response: ServerResponse, body: Record<string, unknown>, sandboxId: string): Promise<void>
}

const ROUTES: TE2BApiRoute[] = [
  {
    method: 'POST',
    pattern: /^\/v2\/sandboxes$/,
    answer: async (context, response, body) => {
      const template = typeof body.templateID === 'string' ? body.templateID : 'base'
      const sandbox = await context.cloud.create(template, typeof body.timeout === 'number' ? { timeoutMs: body.timeout * 1000 } : {})
      sendJson(response, 201, sandboxInfo(context, sandbox, template))
    }
  },
  {
    method: 'POST',
    pattern: /^\/v2\/sandboxes\/([^/]+)\/connect$/,
    answer: async (context, response, body, sandboxId) => {
      const sandbox = await context.cloud.connect(sandboxId, typeof body.timeout === 'number' ? { timeoutMs: body.timeout * 1000 } : {})
      sendJson(response, 200, sandboxInfo(context, sandbox, 'base'))
    }
  },
  {
    method: 'GET',
    pattern: /^\/sandboxes\/([^/]+)$/,
    answer: async (context, response, _body, sandboxId) => {
      const sandbox = live(context, sandboxId)
      const { startedAt, endAt } = context.lease(sandbox)
      sendJson(response, 200, {
        ...sandboxInfo(context, sandbox, 'base'),
        startedAt: startedAt.toISOString(),
        endAt: endAt.toISOString(),
        state: sandbox.state,
        cpuCount: 2,
        memoryMB: 512,
        diskSizeMB: 1024,
        metadata: {}
      })
    }
  },
  {
    method: 'POST',
    pattern: /^\/sandboxes\/([^/]+)\/timeout$/,
    answer: async (context, response, body, sandboxId) => {
      const lease = context.lease(live(context, sandboxId))
      if (typeof body.timeout !== 'number' || body.timeout < 0) {
        return sendJson(response, 400, { code: 400, message: 'timeout must be a non-negative number of seconds' })
      }
      lease.endAt = new Date(Date.now() + body.timeout * 1000)
      sendEmpty(response, 204)
    }
  },
  {
    method: 'DELETE',
    pattern: /^\/sandboxes\/([^/]+)$/,
    answer: async (context, response, _body, sandboxId) => {
      await live(context, sandboxId).kill()
      sendEmpty(response, 204)
    }
  },
  {
    method: 'POST',
    pattern: /^\/sandboxes\/([^/]+)\/pause$/,
    answer: async (context, response, _body, sandboxId) => {
      const sandbox = live(context, sandboxId)
      if (sandbox.state === 'paused') return sendJson(response, 409, { code: 409, message: `Sandbox ${sandboxId} is already paused` })
      await sandbox.pause()
      sendEmpty(response, 204)
    }
  },
  {
    method: 'POST',
    pattern: /^\/sandboxes\/([^/]+)\/snapshots$/,
    answer: async (context, response, _body, sandboxId) => {
      const snapshot = await live(context, sandboxId).createSnapshot()
      sendJson(response, 201, { snapshotID: snapshot.snapshotId, names: snapshot.names })
    }
  }
]

/**
 * Answers one request to E2B's REST API from the fake cloud, with the API's statuses: 201 for a
 * created sandbox, 200 for its info, 204 for kill, pause and a new timeout, 404 (`{ code, message }`) for an unknown sandbox or
 * template, 409 for pausing a paused sandbox. Returns false when no route matches.
 */
export async function answerE2BApi(
  context: TE2BApiContext,
  method: string,
  path: string,
  body: Record<string, unknown>,
  response: ServerResponse
): Promise<boolean> {
  for (const route of ROUTES) {
    const match = route.method === method ? route.pattern.exec(path) : null
    if (match === null) continue
    try {
      await route.answer(context, response, body, decodeURIComponent(match[1] ?? ''))
    } catch (error) {
      const message = describeError(error)
      const status = error instanceof Error && /NotFound/.test(error.name) ? 404 : 500
      sendJson(response, status, { code: status, message })
    }
    return true
  }
  return false
}

/** The id of the sandbox a request names, for the request log. */
export function sandboxIdOf(path: string): string | undefined {
  return /^(?:\/v2)?\/sandboxes\/([^/]+)/.exec(path)?.[1]
}

function live(context: TE2BApiContext, sandboxId: string): FakeE2BSandbox {
  const sandbox = context.cloud.sandboxes.find((candidate) => candidate.sandboxId === sandboxId)
  if (sandbox === undefined || sandbox.state === 'killed') throw Object.assign(new Error(`Sandbox ${sandboxId} not found`), { name: 'NotFoundError' })
  return sandbox
}

function sandboxInfo(context: TE2BApiContext, sandbox: FakeE2BSandbox, template: string): Record<string, unknown> {
  return {
    sandboxID: sandbox.sandboxId,
    templateID: template,
    clientID: 'fake-client',
    envdVersion: FAKE_ENVD_VERSION,
    envdAccessToken: context.accessToken(sandbox)
  }
}
