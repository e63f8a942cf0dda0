import type { APIError } from '@anthropic-ai/sdk'
import { isRobotaError, NetworkError, ProviderError, type RobotaError } from '../../core/errors.ts'
import { createHttpStatusError, readRetryAfterSeconds } from '../../core/http-status-error.ts'
import { scrubApiKey, scrubApiKeyFromError } from '../shared/scrub-api-key.ts'
import { toServerLabel } from '../shared/to-server-label.ts'
import { isSdkApiError, isSdkConnectionError } from '../shared/sdk-api-error.ts'
import { describeError } from '../../core/describe-error.ts'

/** What error messages may name: where requests went, and the key that must never appear. */
export type TAnthropicErrorContext = { baseURL: string; apiKey: string | undefined }

const KEYS_PAGE = 'https://console.anthropic.com/settings/keys'

/**
 * Maps whatever the Anthropic SDK threw to a Robota error that says what to do. An API error
 * goes by its HTTP status (or, in a stream, the status its error type stands for) through the
 * core's one status mapping, `createHttpStatusError`: 401/403 `AuthenticationError`, 404
 * `ModelNotAvailableError`, 429 `RateLimitError` (with `retryAfterSeconds` when the API sent
 * one), 5xx and 529 overloaded `ProviderError`. An unreachable server or a dropped stream is a
 * `NetworkError`. The API key is scrubbed from any text the API sent back, in the SDK error kept as the cause too. SDK errors are known
 * by their shape, so mapping works before the SDK is loaded and for a caller's own `client`.
 */
export function toAnthropicError(error: unknown, context: TAnthropicErrorContext): RobotaError {
  if (isRobotaError(error)) return error
  // Kept as the cause, which a logged error prints too.
  scrubApiKeyFromError(error, context.apiKey)
  if (isSdkConnectionError(error)) {
    return new NetworkError(
      `Could not reach Anthropic at ${toServerLabel(context.baseURL)}. Check the network connection and the provider's base URL, then try again.`,
      { cause: error, details: { provider: 'anthropic', baseURL: context.baseURL } }
    )
  }
  if (isSdkApiError(error)) return fromApiError(error as APIError, context)
  if (error instanceof SyntaxError) {
    return new ProviderError('Anthropic sent a stream event that is not valid JSON. Try the request again.', {
      cause: error,
      details: { provider: 'anthropic' }
    })
  }
  if (error instanceof TypeError) {
    // fetch reports a connection dropped mid-body as a TypeError ("terminated").
    return new NetworkError(`The connection to Anthropic dropped before the reply was complete (${error.message}). Try again.`, {
      cause: error,
      details: { provider: 'anthropic', baseURL: context.baseURL }
    })
  }
  const message = describeError(error)
  return new ProviderError(`The Anthropic request failed: ${scrubApiKey(message, context.apiKey)}`, {
    cause: error,
    details: { provider: 'anthropic' }
  })
}

// What an error event's `type` means when the stream carried no HTTP status.
const STATUS_OF_ERROR_TYPE: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  overloaded_error: 529
}

function fromApiError(error: APIError, context: TAnthropicErrorContext): RobotaError {
  const type = error.type ?? undefined
  const status = error.status ?? (type === undefined ? undefined : STATUS_OF_ERROR_TYPE[type])
  const apiMessage = scrubApiKey(error.apiMessage ?? 'no message', context.apiKey)
  const label = error.status === undefined ? `${type ?? 'error'}: ${apiMessage}` : `HTTP ${error.status}: ${apiMessage}`
  const retryAfterSeconds = status === 429 ? readRetryAfterSeconds(error.headers) : undefined
  const details: Record<string, unknown> = {
    provider: 'anthropic',
    // An error event in the stream carries no HTTP status: the one its type stands for.
    status,
    errorType: type,
    apiMessage,
    requestId: error.requestID,
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds })
  }
  return createHttpStatusError(status, describe(status, label, retryAfterSeconds), { cause: error, details })
}

function describe(status: number | undefined, label: string, retryAfterSeconds: number | undefined): string {
  if (status === 401) return `Anthropic rejected the API key (${label}). Check the key in the provider settings; keys are at ${KEYS_PAGE}.`
  if (status === 403) return `Anthropic refused this API key access (${label}). Check the key's workspace and permissions at ${KEYS_PAGE}.`
  if (status === 429) {
    const when = retryAfterSeconds === undefined ? 'in a little while' : `in ${retryAfterSeconds} seconds`
    return `Anthropic's rate limit was reached (${label}). Try again ${when}, or lower the request rate.`
  }
  if (status === 529) return `Anthropic is overloaded (${label}). Try again in a moment.`
  if (status !== undefined && status >= 500) return `Anthropic had a server error (${label}). Try again in a moment.`
  if (status === 404) return `Anthropic has no such model, or this key may not use it (${label}). Check the model name in the provider settings.`
  return `Anthropic refused the request (${label}). Check the model name and the request options.`
}
