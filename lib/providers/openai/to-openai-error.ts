import type { APIError } from 'openai'
import { isRobotaError, NetworkError, ProviderError, type RobotaError } from '../../core/errors.ts'
import { createHttpStatusError, readRetryAfterSeconds } from '../../core/http-status-error.ts'
import { scrubApiKey, scrubApiKeyFromError } from '../shared/scrub-api-key.ts'
import { toServerLabel } from '../shared/to-server-label.ts'
import { isSdkApiError, isSdkConnectionError } from '../shared/sdk-api-error.ts'
import { describeError } from '../../core/describe-error.ts'
import { isOpenAIHost } from './is-openai-host.ts'

/** What error messages may name: where requests went, and the key that must never appear. */
export type TOpenAIErrorContext = { baseURL: string; apiKey: string | undefined }

const KEYS_PAGE = 'https://platform.openai.com/api-keys'

/**
 * Maps whatever the OpenAI SDK threw to a Robota error that says what to do. An API error goes
 * by its HTTP status (or the status its error code stands for) through the core's one status
 * mapping, `createHttpStatusError`: 401/403 `AuthenticationError`, 404 `ModelNotAvailableError`,
 * 429 `RateLimitError` (with `retryAfterSeconds` when the server sent one), 5xx `ProviderError`.
 * An unreachable server or a dropped stream is a `NetworkError`. The API key is scrubbed from
 * any text the server sent back, in the SDK error kept as the cause too. SDK errors are known by their shape, so mapping works before the
 * SDK is loaded and for a caller's own `client`.
 */
export function toOpenAIError(error: unknown, context: TOpenAIErrorContext): RobotaError {
  if (isRobotaError(error)) return error
  // Kept as the cause, which a logged error prints too.
  scrubApiKeyFromError(error, context.apiKey)
  const details = { provider: 'openai', baseURL: context.baseURL }
  if (isSdkConnectionError(error)) {
    const where = serviceAt(context.baseURL).official ? 'the OpenAI API at ' : 'the server at '
    return new NetworkError(
      `Could not reach ${where}${toServerLabel(context.baseURL)}. Check the network connection and the provider's base URL, then try again.`,
      { cause: error, details }
    )
  }
  if (isSdkApiError(error)) return fromApiError(error as APIError, context)
  if (error instanceof SyntaxError) {
    return new ProviderError(`The server at ${toServerLabel(context.baseURL)} sent a stream event that is not valid JSON. Try the request again.`, {
      cause: error,
      details
    })
  }
  if (error instanceof TypeError) {
    // fetch reports a connection dropped mid-body as a TypeError ("terminated").
    return new NetworkError(`The connection to ${toServerLabel(context.baseURL)} dropped before the reply was complete (${error.message}). Try again.`, {
      cause: error,
      details
    })
  }
  const message = describeError(error)
  return new ProviderError(`The OpenAI request failed: ${scrubApiKey(message, context.apiKey)}`, { cause: error, details })
}

/** Maps an error reported inside a stream (an `error` or `response.failed` event) by its code. */
export function fromStreamFailure(code: string | null | undefined, message: string, baseURL?: string): RobotaError {
  const status = statusOf(code ?? undefined, undefined, undefined)
  return createHttpStatusError(status, describe(status, { label: `${code ?? 'error'}: ${message}`, service: serviceAt(baseURL) }), {
    details: { provider: 'openai', status, errorCode: code ?? undefined, apiMessage: message }
  })
}

function fromApiError(error: APIError, context: TOpenAIErrorContext): RobotaError {
  const body = error.error as { message?: unknown } | undefined
  const apiMessage = scrubApiKey(typeof body?.message === 'string' ? body.message : 'no message', context.apiKey)
  const code = error.code ?? undefined
  const label = error.status === undefined ? `${code ?? error.type ?? 'error'}: ${apiMessage}` : `HTTP ${error.status}: ${apiMessage}`
  const status = statusOf(code, error.status, error.type)
  const retryAfterSeconds = readRetryAfterSeconds(error.headers)
  const details: Record<string, unknown> = {
    provider: 'openai',
    // The HTTP status the server sent; an error event in a stream has none, so the one its code stands for.
    status: error.status ?? status,
    errorCode: code,
    errorType: error.type,
    apiMessage,
    requestId: error.requestID,
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds })
  }
  return createHttpStatusError(status, describe(status, { label, retryAfterSeconds, service: serviceAt(context.baseURL) }), { cause: error, details })
}

/** Who answered: OpenAI's own API, or an OpenAI-compatible server, named by host, port and path. */
type TService = { name: string; official: boolean }

type TFailure = { label: string; retryAfterSeconds?: number; service: TService }

// An OpenAI-compatible server (a local model, a proxy) is named as `toServerLabel` names it, and
// never sent to OpenAI's pages.
function serviceAt(baseURL: string | undefined): TService {
  if (baseURL === undefined) return { name: 'The OpenAI API', official: true }
  const official = isOpenAIHost(baseURL)
  return official ? { name: 'The OpenAI API', official } : { name: `The server at ${toServerLabel(baseURL)}`, official }
}

// The status an error `code` (or `type`) stands for. A known code beats the HTTP status, since
// OpenAI-compatible servers send, say, `model_not_found` with a plain 400.
const STATUS_OF_ERROR_CODE: Record<string, number> = {
  invalid_api_key: 401,
  model_not_found: 404,
  rate_limit_exceeded: 429,
  insufficient_quota: 429,
  server_error: 500
}

// A known code beats the HTTP status; an error event in a stream has none of its own.
function statusOf(code: string | undefined, status: number | undefined, type: string | undefined): number | undefined {
  return STATUS_OF_ERROR_CODE[code ?? ''] ?? status ?? STATUS_OF_ERROR_CODE[type ?? '']
}

function describe(status: number | undefined, { label, retryAfterSeconds, service }: TFailure): string {
  const { name, official } = service
  if (status === 401) {
    return `${name} rejected the API key (${label}). Check the key in the provider settings${official ? `; keys are at ${KEYS_PAGE}` : ''}.`
  }
  if (status === 403) {
    return official
      ? `${name} refused this key access (${label}). Check the key's project, organization and permissions at ${KEYS_PAGE}.`
      : `${name} refused this key access (${label}). Check the key and its permissions on that server.`
  }
  if (status === 429) {
    const when = retryAfterSeconds === undefined ? 'in a little while' : `in ${retryAfterSeconds} seconds`
    return `${name} says the rate limit or quota was reached (${label}). Try again ${when}, or check the plan's limits.`
  }
  if (status !== undefined && status >= 500) return `${name} had a server error (${label}). Try again in a moment.`
  if (status === 404) return `${name} has no such model, or this key may not use it (${label}). Check the model name and the base URL.`
  return `${name} refused the request (${label}). Check the model name and the request options.`
}
