/**
 * What the official SDKs (`openai`, `@anthropic-ai/sdk`) put on every `APIError` and its
 * subclasses: the HTTP status, the response headers, the parsed error body and the request id.
 */
export type TSdkApiError = Error & {
  status: number | undefined
  headers: Headers | undefined
  error: unknown
  requestID?: string | null | undefined
}

/**
 * True for an SDK's `APIError` (any subclass), known by the fields its constructor sets rather
 * than by `instanceof`: the mapping then needs no SDK loaded, and it also knows the errors of a
 * caller's `client` built from another copy of the SDK.
 */
export function isSdkApiError(error: unknown): error is TSdkApiError {
  return error instanceof Error && 'status' in error && 'headers' in error && 'error' in error && 'requestID' in error
}

// The SDKs' connection errors: Anthropic's name them, OpenAI's keep the name `Error` and say it.
const CONNECTION_ERROR_NAMES = new Set(['APIConnectionError', 'APIConnectionTimeoutError'])
const CONNECTION_ERROR_MESSAGE = /^(Connection error|Request timed out)/

/**
 * True for an SDK's `APIConnectionError` or `APIConnectionTimeoutError`: an API error with no
 * status, headers or body, because no response arrived.
 */
export function isSdkConnectionError(error: unknown): error is TSdkApiError {
  if (!isSdkApiError(error)) return false
  if (error.status !== undefined || error.headers !== undefined || error.error !== undefined) return false
  return CONNECTION_ERROR_NAMES.has(error.name) || CONNECTION_ERROR_MESSAGE.test(error.message)
}
