import type { IncomingMessage, ServerResponse } from 'node:http'

/** Headers that let a browser page or worker on another origin read every response. */
export const CORS_HEADERS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': '*' }

/** Answers a CORS preflight: 204, any origin, `methods`, and exactly the headers the browser asked about. */
export function answerPreflight(request: IncomingMessage, response: ServerResponse, methods: string): void {
  response.writeHead(204, {
    ...CORS_HEADERS,
    'access-control-allow-methods': methods,
    'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '*',
    'access-control-max-age': '600'
  })
  response.end()
}

/** Sends a JSON body with CORS headers. */
export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body)
  response.writeHead(status, { ...CORS_HEADERS, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers })
  response.end(text)
}
