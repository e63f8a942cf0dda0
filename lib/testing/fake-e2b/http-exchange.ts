import type { IncomingMessage, ServerResponse } from 'node:http'

/** Headers that let a page or worker on another origin read every response, Connect's included. */
export const CORS_HEADERS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': '*' }

/** Answers a CORS preflight: 204, any origin, the methods E2B's API uses and the headers asked about. */
export function sendPreflight(request: IncomingMessage, response: ServerResponse): void {
  response.writeHead(204, {
    ...CORS_HEADERS,
    'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
    'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '*',
    'access-control-max-age': '600'
  })
  response.end()
}

/** Sends a JSON body with CORS headers. */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  response.writeHead(status, { ...CORS_HEADERS, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) })
  response.end(text)
}

/** Sends an empty answer (E2B's API answers 204 to kill and pause). */
export function sendEmpty(response: ServerResponse, status: number): void {
  response.writeHead(status, CORS_HEADERS)
  response.end()
}

/** Reads a request body as bytes. */
export function readBodyBytes(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks)))
    request.on('error', reject)
  })
}

/** Parses a JSON body; an empty body is an empty object. */
export function parseJsonBody(bytes: Buffer): Record<string, unknown> {
  if (bytes.length === 0) return {}
  const value = JSON.parse(bytes.toString('utf8')) as unknown
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
}

/** One request header as a string (the first, when repeated). */
export function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()]
  return Array.isArray(value) ? value[0] : value
}
