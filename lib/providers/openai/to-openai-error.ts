import { APIConnectionError, APIError } from 'openai'
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
export type TOpenAIErrorContext = { baseURL: string; apiKey: string | undefined }

const KEYS_PAGE = 'https://platform.openai.com/api-keys'

/**
 * Maps whatever the OpenAI SDK threw to a Robota error that says what to do: 401/403 to
 * `AuthenticationError`, 429 to `RateLimitError` (with `retryAfterSeconds` when the server sent
 * one), 5xx to `ProviderError`, an unreachable server or a dropped stream to `NetworkError`.
 * The API key is scrubbed from any text the server sent back.
 */
export function toOpenAIError(error: unknown, context: TOpenAIErrorContext): RobotaError {
  if (isRobotaError(error)) return error
  const details = { provider: 'openai', baseURL: context.baseURL }
  if (error instanceof APIConnectionError) {
    return new NetworkError(
      `Could not reach the OpenAI API at ${context.baseURL}. Check the network connection and the provider's base URL, then try again.`,
      { cause: error, details }
    )
  }
  if (error instanceof APIError) return fromApiError(error, context)
  if (error instanceof SyntaxError) {
    return new ProviderError(`The server at ${context.baseURL} sent a stream event that is not valid JSON. Try the request again.`, {
      cause: error,
      details
    })
  }
  if (error instanceof TypeError) {
    // fetch reports a connection dropped mid-body as a TypeError ("terminated").
    return new NetworkError(`The connection to ${context.baseURL} dropped before the reply was complete (${error.message}). Try again.`, {
      cause: error,
      details
    })
  }
  const message = error instanceof Error ? error.message : String(error)
  return new ProviderError(`The OpenAI request failed: ${scrubApiKey(message, context.apiKey)}`, { cause: error, details })
}

/** Maps an error reported inside a stream (an `error` or `response.failed` event) by its code. */
export function fromStreamFailure(code: string | null | undefined, message: string): RobotaError {
  return classify({ status: undefined, code: code ?? undefined, type: undefined, label: `${code ?? 'error'}: ${message}` }, {
    details: { provider: 'openai', errorCode: code ?? undefined, apiMessage: message }
  })
}

function fromApiError(error: APIError, context: TOpenAIErrorContext): RobotaError {
  const body = error.error as { message?: unknown } | undefined
  const apiMessage = scrubApiKey(typeof body?.message === 'string' ? body.message : 'no message', context.apiKey)
  const status = error.status
  const code = error.code ?? undefined
  const label = status === undefined ? `${code ?? error.type ?? 'error'}: ${apiMessage}` : `HTTP ${status}: ${apiMessage}`
  const retryAfterSeconds = readRetryAfterSeconds(error.headers)
  const details: Record<string, unknown> = {
    provider: 'openai',
    status,
    errorCode: code,
    errorType: error.type,
    apiMessage,
    requestId: error.requestID,
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds })
  }
  return classify({ status, code, type: error.type, label, retryAfterSeconds }, { cause: error, details })
}

type TFailure = { status: number | undefined; code: string | undefined; type: string | undefined; label: string; retryAfterSeconds?: number }

function classify(failure: TFailure, options: { cause?: unknown; details: Record<string, unknown> }): RobotaError {
  const { status, code, type, label } = failure
  if (status === 401 || code === 'invalid_api_key') {
    return new AuthenticationError(`The OpenAI API rejected the API key (${label}). Check the key in the provider settings; keys are at ${KEYS_PAGE}.`, options)
  }
  if (status === 403) {
    return new AuthenticationError(`The OpenAI API refused this key access (${label}). Check the key's project, organization and permissions at ${KEYS_PAGE}.`, options)
  }
  if (status === 429 || code === 'rate_limit_exceeded' || code === 'insufficient_quota') {
    const when = failure.retryAfterSeconds === undefined ? 'in a little while' : `in ${failure.retryAfterSeconds} seconds`
    return new RateLimitError(`The OpenAI API's rate limit or quota was reached (${label}). Try again ${when}, or check the plan's limits.`, options)
  }
  if ((status !== undefined && status >= 500) || code === 'server_error' || type === 'server_error') {
    return new ProviderError(`The OpenAI API had a server error (${label}). Try again in a moment.`, options)
  }
  if (status === 404 || code === 'model_not_found') {
    return new ModelNotAvailableError(`The OpenAI API has no such model, or this key may not use it (${label}). Check the model name and the base URL.`, options)
  }
  return new ProviderError(`The OpenAI API refused the request (${label}). Check the model name and the request options.`, options)
}
