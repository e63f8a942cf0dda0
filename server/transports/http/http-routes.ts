import * as z from 'zod'
import type { InteractiveSession } from '../../../lib/session/interactive-session.ts'
import { runCommand, submitPrompt } from '../session-operations.ts'
import { permissionAnswerSchema, type TransportPermissions } from '../transport-permissions.ts'
import { checkBearerToken } from '../bearer-token.ts'
import { errorResponse, jsonResponse } from './http-responses.ts'
import { readJsonBody } from './read-json-body.ts'
import { createSessionEventStream, type TEventSource } from './session-event-stream.ts'

/** What the routes serve and how they guard it. */
export type THttpRoutesContext = {
  session: InteractiveSession
  permissions: TransportPermissions
  subscribe: TEventSource
  token: string
  maxBodyBytes: number
  /** Origins allowed to call from a browser; none means CORS stays off. */
  corsOrigins: readonly string[]
  /** Keeps open event streams, so stopping the transport can end them. */
  onEventStream: (close: () => void) => () => void
}

const submitSchema = z.object({ prompt: z.string().refine((prompt) => prompt.trim() !== '', 'the prompt is empty') }).strict()
const commandSchema = z.object({ args: z.string().optional() }).strict()
const permissionSchema = z.object({ answer: permissionAnswerSchema }).strict()

const METHODS: Record<string, string> = { '/submit': 'POST', '/abort': 'POST', '/commands': 'GET', '/history': 'GET', '/events': 'GET' }

/**
 * The HTTP transport's endpoints as a fetch handler: `POST /submit`, `GET /commands`,
 * `POST /commands/<name>`, `POST /abort`, `GET /history`, `GET /events` (Server-Sent Events) and
 * `POST /permissions/<id>`. Every request needs the bearer token, checked before its body is read.
 */
export function createHttpRoutes(context: THttpRoutesContext): (request: Request) => Promise<Response> {
  return async (request) => {
    const cors = corsHeaders(request, context.corsOrigins)
    if (request.method === 'OPTIONS' && cors) {
      return new Response(null, { status: 204, headers: { ...cors, 'access-control-allow-methods': 'GET, POST, OPTIONS', 'access-control-allow-headers': 'authorization, content-type', 'access-control-max-age': '600' } })
    }
    const response = await route(request, context)
    if (cors) for (const [name, value] of Object.entries(cors)) response.headers.set(name, value)
    return response
  }
}

async function route(request: Request, context: THttpRoutesContext): Promise<Response> {
  const auth = await checkBearerToken(request.headers.get('authorization'), context.token)
  if (!auth.ok) {
    await request.body?.cancel().catch(() => undefined)
    return errorResponse(401, 'unauthorized', auth.message, { 'www-authenticate': 'Bearer' })
  }
  const { pathname } = new URL(request.url)
  const expected = METHODS[pathname] ?? (/^\/(commands|permissions)\/[^/]+$/.test(pathname) ? 'POST' : undefined)
  if (!expected) return errorResponse(404, 'not_found', `No endpoint at ${pathname}. Endpoints: POST /submit, GET /commands, POST /commands/<name>, POST /abort, GET /history, GET /events, POST /permissions/<id>.`)
  if (request.method !== expected) return errorResponse(405, 'method_not_allowed', `${pathname} takes ${expected}, not ${request.method}.`, { allow: expected })
  const { session } = context
  switch (pathname) {
    case '/submit': {
      const body = await readJsonBody(request, context.maxBodyBytes, submitSchema)
      if (!body.ok) return body.response
      const outcome = await submitPrompt(session, body.value.prompt)
      if (outcome.ok) return jsonResponse(200, { result: outcome.result })
      const status = outcome.code === 'prompt_failed' ? 500 : outcome.code === 'invalid_request' ? 400 : 409
      return errorResponse(status, outcome.code, outcome.error.message)
    }
    case '/abort':
      session.abort()
      return jsonResponse(200, { aborted: true })
    case '/commands':
      return jsonResponse(200, { commands: session.listCommands() })
    case '/history':
      return jsonResponse(200, { entries: session.getFullHistory() })
    case '/events': {
      const stream = createSessionEventStream(context.subscribe)
      const forget = context.onEventStream(stream.close)
      request.signal.addEventListener('abort', () => (forget(), stream.close()), { once: true })
      return new Response(stream.body, { status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' } })
    }
  }
  const [, kind, encodedName] = pathname.split('/') as [string, string, string]
  let name: string
  try {
    name = decodeURIComponent(encodedName)
  } catch {
    return errorResponse(400, 'invalid_request', `The ${kind === 'commands' ? 'command name' : 'permission id'} in ${pathname} is not valid percent-encoding.`)
  }
  if (kind === 'commands') {
    const body = await readJsonBody(request, context.maxBodyBytes, commandSchema)
    if (!body.ok) return body.response
    const outcome = await runCommand(session, name, body.value.args ?? '')
    if (outcome.ok) return jsonResponse(200, { result: outcome.result })
    return errorResponse(outcome.code === 'unknown_command' ? 404 : 500, outcome.code, outcome.error.message)
  }
  const body = await readJsonBody(request, context.maxBodyBytes, permissionSchema)
  if (!body.ok) return body.response
  if (!context.permissions.answer(name, body.value.answer)) return errorResponse(404, 'unknown_permission', `No permission request "${name}" is waiting.`)
  return jsonResponse(200, { answered: true })
}

function corsHeaders(request: Request, origins: readonly string[]): Record<string, string> | undefined {
  const origin = request.headers.get('origin')
  if (!origin || !(origins.includes(origin) || origins.includes('*'))) return undefined
  return { 'access-control-allow-origin': origin, vary: 'origin' }
}
