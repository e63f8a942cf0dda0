import { redactSecretText } from '../lib/storage/replay-log/redact-secrets.ts'
import type { TProxyProviderName, TProxyRoute } from './proxy-routes.ts'

/** Where one provider's requests go and the key that goes with them. */
export type TResolvedUpstream = { apiKey: string; baseURL: string }

/** What came back from the provider: its response as the browser gets it, or why none came. */
export type TForwardResult =
  | { response: Response; errorDetail?: string }
  | { response?: undefined; failure: string; aborted: boolean }

// Browser headers a provider needs to read the request. Everything else stays behind: the
// browser's credentials, its cookies, and the SDKs' browser-only and telemetry headers.
const FORWARDED_REQUEST_HEADERS: Readonly<Record<TProxyProviderName, readonly string[]>> = {
  anthropic: ['content-type', 'accept', 'anthropic-version', 'anthropic-beta', 'idempotency-key'],
  openai: ['content-type', 'accept', 'openai-beta', 'idempotency-key']
}

// Provider headers the browser's SDK acts on (retries, request ids, rate-limit state). Encoding
// and length headers stay behind: fetch has already decoded the body it passes on.
const PASSED_RESPONSE_HEADERS = new Set(['content-type', 'cache-control', 'retry-after', 'retry-after-ms', 'x-should-retry', 'request-id', 'x-request-id', 'openai-processing-ms'])
const PASSED_RESPONSE_HEADER_PREFIXES = ['anthropic-ratelimit-', 'x-ratelimit-']

const ANTHROPIC_VERSION = '2023-06-01'
// An error body is short JSON; a longer one is cut, since it is read whole to redact it.
const LONGEST_ERROR_BODY = 64 * 1024

/**
 * Sends a request on to the provider with the server's key in place of the browser's
 * credentials. A success streams straight through, chunk by chunk as it arrives; an error keeps
 * its status, body and `retry-after`, with the server's key redacted from the body in case the
 * provider echoed it.
 */
export async function forwardToProvider(
  request: Request,
  route: TProxyRoute,
  upstream: TResolvedUpstream,
  body: Uint8Array | undefined,
  fetchUpstream: typeof fetch
): Promise<TForwardResult> {
  const url = `${upstream.baseURL}${route.endpointPath}${new URL(request.url).search}`
  let response: Response
  try {
    response = await fetchUpstream(url, {
      method: route.method,
      headers: upstreamHeaders(request.headers, route.provider, upstream.apiKey),
      ...(body ? { body: body as BodyInit } : {}),
      signal: request.signal,
      // A redirect could carry the key to another host.
      redirect: 'error'
    })
  } catch (error) {
    return { failure: describeFailure(error), aborted: request.signal.aborted }
  }
  const headers = passedHeaders(response.headers)
  if (response.ok) {
    // Behind nginx, `x-accel-buffering: no` keeps a stream from being held back.
    if (headers.get('content-type')?.startsWith('text/event-stream')) headers.set('x-accel-buffering', 'no')
    return { response: new Response(response.body, { status: response.status, headers }) }
  }
  const text = redactSecretText((await response.text()).slice(0, LONGEST_ERROR_BODY), [upstream.apiKey])
  return { response: new Response(text, { status: response.status, headers }), errorDetail: text.slice(0, 500) }
}

function upstreamHeaders(incoming: Headers, provider: TProxyProviderName, apiKey: string): Headers {
  const headers = new Headers()
  for (const name of FORWARDED_REQUEST_HEADERS[provider]) {
    const value = incoming.get(name)
    if (value !== null) headers.set(name, value)
  }
  if (provider === 'anthropic') {
    headers.set('x-api-key', apiKey)
    if (!headers.has('anthropic-version')) headers.set('anthropic-version', ANTHROPIC_VERSION)
  } else {
    headers.set('authorization', `Bearer ${apiKey}`)
  }
  return headers
}

function passedHeaders(upstream: Headers): Headers {
  const headers = new Headers()
  upstream.forEach((value, name) => {
    if (PASSED_RESPONSE_HEADERS.has(name) || PASSED_RESPONSE_HEADER_PREFIXES.some((prefix) => name.startsWith(prefix))) headers.set(name, value)
  })
  return headers
}

function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  // undici says only "fetch failed"; the reason (ECONNREFUSED, a DNS failure) is its cause.
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : ''
  return `${error.message}${cause}`
}
