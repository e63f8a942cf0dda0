/** Why the proxy itself refused or failed a request: the `error.type` of its JSON error body. */
export type TProviderProxyErrorCode =
  | 'invalid_request'
  | 'unauthorized'
  | 'model_not_allowed'
  | 'not_found'
  | 'body_too_large'
  | 'rate_limited'
  | 'upstream_unreachable'
  | 'internal_error'

/**
 * A JSON error in the shape both providers use (`{ type: 'error', error: { type, message } }`),
 * so the official SDKs in the browser read its message as they read the provider's own.
 */
export function proxyErrorResponse(status: number, code: TProviderProxyErrorCode, message: string, headers: Record<string, string> = {}): Response {
  const body = JSON.stringify({ type: 'error', error: { type: code, message } })
  return new Response(body, { status, headers: { 'content-type': 'application/json', ...headers } })
}
