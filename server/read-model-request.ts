import { readRequestBody } from './read-request-body.ts'
import type { TProviderProxyErrorCode } from './proxy-error-response.ts'

/** A model request's body as it came and the model it names, or why it was refused. */
export type TModelRequest =
  | { bytes: Uint8Array; model: string }
  | { bytes?: undefined; status: number; code: TProviderProxyErrorCode; message: string }

/**
 * Reads a model request's JSON body (at most `maxBytes`) and the `model` it names. The bytes are
 * forwarded as they came, never re-serialized.
 */
export async function readModelRequest(request: Request, maxBytes: number): Promise<TModelRequest> {
  const read = await readRequestBody(request, maxBytes)
  if (!read.bytes) return { status: 413, code: 'body_too_large', message: `The request body is larger than this proxy accepts (${maxBytes} bytes).` }
  let body: unknown
  try {
    body = JSON.parse(new TextDecoder().decode(read.bytes))
  } catch (error) {
    const reason = read.bytes.byteLength === 0 ? 'it is empty' : (error as Error).message
    return invalid(`The request body must be a JSON object, but ${reason}.`)
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return invalid('The request body must be a JSON object with a "model".')
  const { model } = body as { model?: unknown }
  if (typeof model !== 'string' || model === '') return invalid('The request body has no "model": name the model as a non-empty string.')
  return { bytes: read.bytes, model }
}

function invalid(message: string): TModelRequest {
  return { status: 400, code: 'invalid_request', message }
}
