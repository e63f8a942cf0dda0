import type { TTransportErrorCode } from '../session-operations.ts'

/** A JSON reply. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })
}

/** A JSON error reply: `{ "error": { "code", "message" } }`. */
export function errorResponse(status: number, code: TTransportErrorCode, message: string, headers: Record<string, string> = {}): Response {
  return jsonResponse(status, { error: { code, message } }, headers)
}
