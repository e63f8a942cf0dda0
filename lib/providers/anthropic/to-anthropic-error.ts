import { APIConnectionError, APIError } from '@anthropic-ai/sdk'
import { readRetryAfterSeconds, scrubApiKey } from '../shared/retry-after.ts'
import {
  AuthenticationError,
  isRobotaError,
  NetworkError,
  ProviderError,
  RateLimitError,
  ModelNotAvailableError,
  type RobotaError
} from '../../core/errors.ts'

/** What error messages may name: where requests went, and the key that must never appear. */
export type TAnthropicErrorContext = { baseURL: string; apiKey: string | undefined }

const KEYS_PAGE = 'https://console.anthropic.com/settings/keys'

/**
 * Maps whatever the Anthropic SDK threw to a Robota error that says what to do: 401/403 to
 * `AuthenticationError`, 429 to `RateLimitError` (with `retryAfterSeconds` when the API sent
 * one), 5xx and 529 overloaded to `ProviderError`, an unreachable server or a dropped stream to
 * `NetworkError`. The API key is scrubbed from any text the API sent back.
 */
export function toAnthropicError(error: unknown, context: TAnthropicErrorContext): RobotaError {
  if (isRobotaError(error)) return error
  if (error instanceof APIConnectionError) {
    return new NetworkError(
      `Could not reach Anthropic at ${context.baseURL}. Check the network connection and the provider's base URL, then try again.`,
      { cause: error, details: { provider: 'anthropic', baseURL: context.baseURL } }
    )
  }
  if (error instanceof APIError) return fromApiError(error, context)
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
  const message = error instanceof Error ? error.message : String(error)
  return new ProviderError(`The Anthropic request failed: ${scrubApiKey(message, context.apiKey)}`, {
    cause: error,
    details: { provider: 'anthropic' }
  })
}

function fromApiError(error: APIError, context: TAnthropicErrorContext): RobotaError {
  const status = error.status
  const type = error.type
  const apiMessage = scrubApiKey(error.apiMessage ?? 'no message', context.apiKey)
  const label = status === undefined ? `${type ?? 'error'}: ${apiMessage}` : `HTTP ${status}: ${apiMessage}`
  const details: Record<string, unknown> = { provider: 'anthropic', status, errorType: type, apiMessage, requestId: error.requestID }
  const options = { cause: error, details }
  if (status === 401 || type === 'authentication_error') {
    return new AuthenticationError(`Anthropic rejected the API key (${label}). Check the key in the provider settings; keys are at ${KEYS_PAGE}.`, options)
  }
  if (status === 403 || type === 'permission_error') {
    return new AuthenticationError(`Anthropic refused this API key access (${label}). Check the key's workspace and permissions at ${KEYS_PAGE}.`, options)
  }
  if (status === 429 || type === 'rate_limit_error') {
    const retryAfterSeconds = readRetryAfterSeconds(error.headers)
    const when = retryAfterSeconds === undefined ? 'in a little while' : `in ${retryAfterSeconds} seconds`
    return new RateLimitError(`Anthropic's rate limit was reached (${label}). Try again ${when}, or lower the request rate.`, {
      cause: error,
      details: { ...details, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) }
    })
  }
  if (status === 529 || type === 'overloaded_error') {
    return new ProviderError(`Anthropic is overloaded (${label}). Try again in a moment.`, options)
  }
  if ((status !== undefined && status >= 500) || type === 'api_error') {
    return new ProviderError(`Anthropic had a server error (${label}). Try again in a moment.`, options)
  }
  if (status === 404 || type === 'not_found_error') {
    return new ModelNotAvailableError(`Anthropic has no such model, or this key may not use it (${label}). Check the model name in the provider settings.`, options)
  }
  return new ProviderError(`Anthropic refused the request (${label}). Check the model name and the request options.`, options)
}
