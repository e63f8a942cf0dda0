import { authorizeRequest } from './authorize-request.ts'
import { forwardToProvider } from './forward-to-provider.ts'
import type { TProviderProxyHandler, TProviderProxyLogEntry, TProviderProxyOptions } from './provider-proxy-options.ts'
import { proxyErrorResponse, type TProviderProxyErrorCode } from './proxy-error-response.ts'
import { createProxyLog, readRequestSecrets } from './proxy-log.ts'
import { matchProxyRoute } from './proxy-routes.ts'
import { readModelRequest } from './read-model-request.ts'
import { resolveProxyOptions } from './resolve-proxy-options.ts'

// Not a standard status: what servers log when the client went away before the answer.
const CLIENT_CLOSED_REQUEST = 499

type TLogFacts = Partial<Pick<TProviderProxyLogEntry, 'userId' | 'provider' | 'model'>>

/**
 * A fetch handler that lets browsers use Anthropic and OpenAI without holding a key: the
 * browser's SDK points its `baseURL` at `<basePath>/anthropic` or `<basePath>/openai`, and the
 * proxy checks the request (route, `authorize`, rate limit, body size, model), swaps the
 * browser's credentials for the server's key and streams the provider's answer straight back.
 * Throws a `ConfigurationError` naming the option when the options are wrong.
 */
export function createProviderProxy(options: TProviderProxyOptions): TProviderProxyHandler {
  const config = resolveProxyOptions(options)
  const log = createProxyLog(options.log, config.serverKeys)
  const configured = new Set(config.upstreams.keys())

  return async (request) => {
    const startedAt = Date.now()
    const path = new URL(request.url).pathname
    const facts: TLogFacts = {}
    const finish = (response: Response, level: TProviderProxyLogEntry['level'], message: string, detail?: string): Response => {
      const entry = { level, message, method: request.method, path, status: response.status, durationMs: Date.now() - startedAt, ...facts }
      log(detail === undefined ? entry : { ...entry, detail }, readRequestSecrets(request.headers))
      return response
    }
    const refuse = (status: number, code: TProviderProxyErrorCode, message: string, headers?: Record<string, string>, detail?: string): Response =>
      finish(proxyErrorResponse(status, code, message, headers), 'warn', message, detail)

    const match = matchProxyRoute(request.method, path, config.basePath, configured)
    if (!match.route) return refuse(404, 'not_found', match.reason)
    const { route } = match
    facts.provider = route.provider

    const authorization = await authorizeRequest(config.authorize, request)
    if (!authorization.userId) {
      return refuse(401, 'unauthorized', "Unauthorized: the server's authorize() did not accept this request's credentials. Sign in again.", {}, authorization.failure)
    }
    const { userId } = authorization
    facts.userId = userId

    const decision = await config.rateLimiter?.take(userId)
    if (decision && !decision.allowed) {
      const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000))
      return refuse(429, 'rate_limited', `Too many requests for this user: try again in ${seconds} s.`, { 'retry-after': String(seconds) })
    }

    let body: Uint8Array | undefined
    if (route.carriesModel) {
      const modelRequest = await readModelRequest(request, config.maxBodyBytes)
      if (!modelRequest.bytes) return refuse(modelRequest.status, modelRequest.code, modelRequest.message)
      facts.model = modelRequest.model
      if (!config.isModelAllowed(modelRequest.model, { userId, provider: route.provider })) {
        return refuse(403, 'model_not_allowed', `The model "${modelRequest.model}" is not allowed by this server's provider proxy.`)
      }
      body = modelRequest.bytes
    }

    const upstream = config.upstreams.get(route.provider)
    if (!upstream) return refuse(404, 'not_found', `No provider "${route.provider}" is configured.`)
    const forwarded = await forwardToProvider(request, route, upstream, body, config.fetch)
    if (!forwarded.response) {
      if (forwarded.aborted) return finish(new Response(null, { status: CLIENT_CLOSED_REQUEST }), 'info', 'The browser went away before the provider answered.')
      const message = `Could not reach the ${route.provider} API from the server. Try again later.`
      return finish(proxyErrorResponse(502, 'upstream_unreachable', message), 'error', message, forwarded.failure)
    }
    const { response, errorDetail } = forwarded
    if (response.ok) return finish(response, 'info', `${route.provider} ${route.method} ${route.endpointPath} answered ${response.status}.`)
    return finish(response, response.status >= 500 ? 'error' : 'warn', `${route.provider} answered ${response.status}.`, errorDetail)
  }
}
