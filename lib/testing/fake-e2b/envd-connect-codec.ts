import type { IncomingMessage, ServerResponse } from 'node:http'
import { CORS_HEADERS, readBodyBytes } from './http-exchange.ts'

/** Connect's error codes, as they travel in JSON. */
export type TConnectCode =
  | 'canceled'
  | 'unknown'
  | 'invalid_argument'
  | 'deadline_exceeded'
  | 'not_found'
  | 'already_exists'
  | 'permission_denied'
  | 'resource_exhausted'
  | 'failed_precondition'
  | 'unimplemented'
  | 'internal'
  | 'unavailable'
  | 'unauthenticated'

// The HTTP status of a unary error, from the Connect protocol's table.
const HTTP_STATUS: Record<TConnectCode, number> = {
  canceled: 499,
  unknown: 500,
  invalid_argument: 400,
  deadline_exceeded: 504,
  not_found: 404,
  already_exists: 409,
  permission_denied: 403,
  resource_exhausted: 429,
  failed_precondition: 400,
  unimplemented: 501,
  internal: 500,
  unavailable: 503,
  unauthenticated: 401
}

/** A failure an envd handler answers with: a Connect code and a message, as envd sends them. */
export class EnvdRpcError extends Error {
  override readonly name = 'EnvdRpcError'
  constructor(
    readonly code: TConnectCode,
    message: string
  ) {
    super(message)
  }
}

// Envelope flags of the Connect streaming protocol.
const END_STREAM_FLAG = 0b10
const COMPRESSED_FLAG = 0b01

/** Reads a unary Connect request (`application/json`): the message itself. */
export async function readUnaryRequest(request: IncomingMessage): Promise<Record<string, unknown>> {
  return parseMessage(await readBodyBytes(request))
}

/** Reads the one enveloped message of a server-streaming Connect request (`application/connect+json`). */
export async function readStreamRequest(request: IncomingMessage): Promise<Record<string, unknown>> {
  const body = await readBodyBytes(request)
  if (body.length < 5) throw new EnvdRpcError('invalid_argument', 'protocol error: the request has no enveloped message')
  const flags = body.readUInt8(0)
  if ((flags & COMPRESSED_FLAG) !== 0) throw new EnvdRpcError('internal', 'protocol error: compressed messages are not supported here')
  return parseMessage(body.subarray(5, 5 + body.readUInt32BE(1)))
}

/** Answers a unary call with its response message. */
export function sendUnary(response: ServerResponse, message: unknown): void {
  const text = JSON.stringify(message)
  response.writeHead(200, { ...CORS_HEADERS, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) })
  response.end(text)
}

/** Answers a unary call with a Connect error: the code's HTTP status and `{ code, message }`. */
export function sendUnaryError(response: ServerResponse, error: EnvdRpcError): void {
  const text = JSON.stringify({ code: error.code, message: error.message })
  response.writeHead(HTTP_STATUS[error.code], { ...CORS_HEADERS, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) })
  response.end(text)
}

/** The response side of one server-streaming call: messages, then the end-of-stream frame. */
export type TConnectStream = {
  send(message: unknown): void
  /** Ends the stream, with an error when the call failed. */
  end(error?: EnvdRpcError): void
}

/** Starts a server-streaming response; headers go out at once, as envd's do. */
export function startStream(response: ServerResponse): TConnectStream {
  response.writeHead(200, { ...CORS_HEADERS, 'content-type': 'application/connect+json' })
  response.flushHeaders()
  const frame = (flags: number, payload: unknown) => {
    const json = Buffer.from(JSON.stringify(payload))
    const prefix = Buffer.alloc(5)
    prefix.writeUInt8(flags, 0)
    prefix.writeUInt32BE(json.length, 1)
    response.write(Buffer.concat([prefix, json]))
  }
  let ended = false
  return {
    send: (message) => {
      if (!ended) frame(0, message)
    },
    end: (error) => {
      if (ended) return
      ended = true
      frame(END_STREAM_FLAG, error === undefined ? {} : { error: { code: error.code, message: error.message } })
      response.end()
    }
  }
}

function parseMessage(bytes: Buffer): Record<string, unknown> {
  try {
    const value = bytes.length === 0 ? {} : (JSON.parse(bytes.toString('utf8')) as unknown)
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object')
    return value as Record<string, unknown>
  } catch (error) {
    throw new EnvdRpcError('invalid_argument', `protocol error: the message is not JSON (${String(error)})`)
  }
}
