import type { IncomingMessage, ServerResponse } from 'node:http'

/** Headers that let a browser page or worker on another origin read every response. */
export const CORS_HEADERS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': '*' }

/** Answers a CORS preflight: 204, any origin, and exactly the headers the browser asked about. */
export function sendPreflight(request: IncomingMessage, response: ServerResponse): void {
  response.writeHead(204, {
    ...CORS_HEADERS,
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '*',
    'access-control-max-age': '600'
  })
  response.end()
}

/** Sends a JSON body with CORS headers. */
export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { ...CORS_HEADERS, 'content-type': 'application/json', ...headers })
  response.end(JSON.stringify(body))
}

/** Reads a request body as text. */
export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

/** Parses JSON, keeping text that is not JSON as it came. */
export function parseJson(text: string): unknown {
  if (!text) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/** Request headers as one string each. */
export function flattenHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
  }
  return headers
}

/** The key a request carries, as `Authorization: Bearer` (both SDKs) or `x-api-key`. */
export function readApiKey(headers: Record<string, string>): string | undefined {
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '')
  return bearer?.[1] ?? headers['x-api-key']
}
