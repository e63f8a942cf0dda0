import { isRobotaError, NetworkError, ProviderError, type RobotaError } from '../../core/errors.ts'
import { createHttpStatusError } from '../../core/http-status-error.ts'
import { scrubApiKey, scrubApiKeyFromError } from '../shared/scrub-api-key.ts'
import { toServerLabel } from '../shared/to-server-label.ts'
import { describeError } from '../../core/describe-error.ts'

/**
 * What error messages may name: where requests went, the key that must never appear, and
 * whether the reply had begun (a failed fetch before it means the server was not reached).
 */
export type TGoogleErrorContext = { baseURL: string; apiKey: string | undefined; streamStarted: boolean }

const KEYS_PAGE = 'https://aistudio.google.com/apikey'

/** Gemini's error body: `{ error: { code, message, status, details } }`. */
type TGoogleErrorBody = {
  code?: unknown
  message?: unknown
  status?: unknown
  details?: Array<{ '@type'?: unknown; reason?: unknown; retryDelay?: unknown }>
}

/**
 * Maps whatever `@google/genai` threw to a Robota error that says what to do. The SDK's
 * `ApiError` carries the HTTP status (or, inside a stream, the error chunk's `code`) and the
 * error body as its message text; it goes through the core's one status mapping,
 * `createHttpStatusError`: 401/403 `AuthenticationError` (as is Gemini's 400 `API_KEY_INVALID`),
 * 404 `ModelNotAvailableError`, 429 `RateLimitError` with `retryAfterSeconds` from the body's
 * `RetryInfo`, 5xx `ProviderError`. A server not reached or a dropped stream is a `NetworkError`.
 * The API key is scrubbed from any text the API sent back, in the SDK error kept as the cause too. Errors are known by their shape, so
 * mapping needs no SDK loaded.
 */
export function toGoogleError(error: unknown, context: TGoogleErrorContext): RobotaError {
  if (isRobotaError(error)) return error
  // Kept as the cause, which a logged error prints too.
  scrubApiKeyFromError(error, context.apiKey)
  const details = { provider: 'google', baseURL: context.baseURL }
  if (isGoogleApiError(error)) return fromApiError(error, context)
  if (error instanceof SyntaxError) {
    return new ProviderError(`Gemini sent a stream chunk that is not valid JSON. Try the request again.`, { cause: error, details })
  }
  // fetch reports a refused connection, and one dropped mid-body, as a TypeError; the SDK reports
  // a body that ended inside an event as an incomplete segment.
  if (error instanceof TypeError || (error instanceof Error && /^Incomplete JSON segment/.test(error.message))) {
    if (!context.streamStarted) {
      return new NetworkError(
        `Could not reach Gemini at ${toServerLabel(context.baseURL)}. Check the network connection and the provider's base URL, then try again.`,
        { cause: error, details }
      )
    }
    return new NetworkError(`The connection to Gemini dropped before the reply was complete (${error.message}). Try again.`, { cause: error, details })
  }
  const message = describeError(error)
  return new ProviderError(`The Gemini request failed: ${scrubApiKey(message, context.apiKey)}`, { cause: error, details })
}

/** True for the SDK's `ApiError`, known by its name and numeric status. */
export function isGoogleApiError(error: unknown): error is Error & { status: number } {
  return error instanceof Error && error.name === 'ApiError' && typeof (error as { status?: unknown }).status === 'number'
}

function fromApiError(error: Error & { status: number }, context: TGoogleErrorContext): RobotaError {
  const body = readErrorBody(error.message)
  const apiMessage = scrubApiKey(typeof body?.message === 'string' ? body.message : 'no message', context.apiKey)
  const apiStatus = typeof body?.status === 'string' ? body.status : undefined
  const reason = body?.details?.find((detail) => typeof detail.reason === 'string')?.reason as string | undefined
  // Gemini answers a wrong key with 400 INVALID_ARGUMENT; its reason says what it is.
  const status = reason === 'API_KEY_INVALID' ? 401 : error.status
  const retryAfterSeconds = status === 429 ? readRetryDelaySeconds(body) : undefined
  const label = `HTTP ${error.status}${apiStatus ? ` ${apiStatus}` : ''}: ${apiMessage}`
  return createHttpStatusError(status, describe(status, label, retryAfterSeconds), {
    cause: error,
    details: {
      provider: 'google',
      status: error.status,
      errorStatus: apiStatus,
      errorReason: reason,
      apiMessage,
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds })
    }
  })
}

// The SDK puts the body's JSON in the message, after `got status: …. ` for an in-stream error.
function readErrorBody(message: string): TGoogleErrorBody | undefined {
  const start = message.indexOf('{')
  if (start < 0) return undefined
  try {
    const parsed = JSON.parse(message.slice(start)) as { error?: TGoogleErrorBody }
    return typeof parsed.error === 'object' && parsed.error !== null ? parsed.error : undefined
  } catch {
    return undefined
  }
}

// google.rpc.RetryInfo's `retryDelay` is a protobuf Duration in JSON: "7s", "0.5s".
function readRetryDelaySeconds(body: TGoogleErrorBody | undefined): number | undefined {
  const delay = body?.details?.find((detail) => String(detail['@type']).endsWith('google.rpc.RetryInfo'))?.retryDelay
  const match = typeof delay === 'string' ? /^(\d+(?:\.\d+)?)s$/.exec(delay) : null
  return match ? Math.ceil(Number(match[1])) : undefined
}

function describe(status: number, label: string, retryAfterSeconds: number | undefined): string {
  if (status === 401) return `Gemini rejected the API key (${label}). Check the key in the provider settings; keys are at ${KEYS_PAGE}.`
  if (status === 403) return `Gemini refused this API key access (${label}). Check the key's project and that the Gemini API is enabled for it at ${KEYS_PAGE}.`
  if (status === 429) {
    const when = retryAfterSeconds === undefined ? 'in a little while' : `in ${retryAfterSeconds} seconds`
    return `Gemini's rate limit or quota was reached (${label}). Try again ${when}, or check the project's limits.`
  }
  if (status >= 500) return `Gemini had a server error (${label}). Try again in a moment.`
  if (status === 404) return `Gemini has no such model, or this key may not use it (${label}). Check the model name in the provider settings.`
  return `Gemini refused the request (${label}). Check the model name and the request options.`
}
