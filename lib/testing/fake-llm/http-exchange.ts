import type { IncomingMessage, ServerResponse } from 'node:http'
import { answerPreflight } from '../cors-responses.ts'

export { CORS_HEADERS, sendJson } from '../cors-responses.ts'

/** Answers a CORS preflight with the methods the model APIs use. */
export function sendPreflight(request: IncomingMessage, response: ServerResponse): void {
  answerPreflight(request, response, 'GET, POST, OPTIONS')
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

/** The key a request carries, as `Authorization: Bearer` (OpenAI, Anthropic), `x-api-key` or `x-goog-api-key` (Gemini). */
export function readApiKey(headers: Record<string, string>): string | undefined {
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '')
  return bearer?.[1] ?? headers['x-api-key'] ?? headers['x-goog-api-key']
}
