import type { IncomingMessage, ServerResponse } from 'node:http'
import { answerPreflight, CORS_HEADERS } from '../cors-responses.ts'

export { CORS_HEADERS, sendJson } from '../cors-responses.ts'

/** Answers a CORS preflight with the methods E2B's API uses. */
export function sendPreflight(request: IncomingMessage, response: ServerResponse): void {
  answerPreflight(request, response, 'GET, POST, PUT, DELETE, OPTIONS')
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
