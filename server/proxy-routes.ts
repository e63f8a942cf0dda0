/** The providers the proxy forwards to, named as they appear in its paths. */
export type TProxyProviderName = 'anthropic' | 'openai'

/** The names of the providers the proxy knows, in path order. */
export const PROXY_PROVIDER_NAMES: readonly TProxyProviderName[] = ['anthropic', 'openai']

/** The provider API base each upstream defaults to: the SDKs' own defaults. */
export const DEFAULT_UPSTREAM_URLS: Readonly<Record<TProxyProviderName, string>> = {
  anthropic: 'https://api.anthropic.com',
  openai: 'https://api.openai.com/v1'
}

/** An endpoint the proxy forwards, found from a request's method and path. */
export type TProxyRoute = {
  provider: TProxyProviderName
  method: 'GET' | 'POST'
  /** The path under the provider's base URL, such as `/v1/messages` or `/chat/completions`. */
  endpointPath: string
  /** True when the request's JSON body names a model the allow-list must accept. */
  carriesModel: boolean
}

type TEndpoint = { method: 'GET' | 'POST'; pattern: RegExp; carriesModel: boolean }

const MODEL_ID = '[A-Za-z0-9._:@-]+'

// Only what the providers' SDKs call to chat and to list models: anything else is refused, so the
// proxy cannot be used to spend the key on other endpoints (files, batches, fine-tuning, admin).
const ENDPOINTS: Readonly<Record<TProxyProviderName, readonly TEndpoint[]>> = {
  anthropic: [
    { method: 'POST', pattern: /^\/v1\/messages$/, carriesModel: true },
    { method: 'POST', pattern: /^\/v1\/messages\/count_tokens$/, carriesModel: true },
    { method: 'GET', pattern: /^\/v1\/models$/, carriesModel: false },
    { method: 'GET', pattern: new RegExp(`^/v1/models/${MODEL_ID}$`), carriesModel: false }
  ],
  openai: [
    { method: 'POST', pattern: /^\/chat\/completions$/, carriesModel: true },
    { method: 'POST', pattern: /^\/responses$/, carriesModel: true },
    { method: 'GET', pattern: /^\/models$/, carriesModel: false },
    { method: 'GET', pattern: new RegExp(`^/models/${MODEL_ID}$`), carriesModel: false }
  ]
}

/** The route a request takes, or why there is none (worded for the 404 the browser gets). */
export type TRouteMatch = { route: TProxyRoute } | { route?: undefined; reason: string }

/**
 * Finds the endpoint `<basePath>/<provider><endpoint>` names, among the providers the proxy was
 * given keys for.
 */
export function matchProxyRoute(
  method: string,
  pathname: string,
  basePath: string,
  configured: ReadonlySet<TProxyProviderName>
): TRouteMatch {
  const notFound = (reason: string): TRouteMatch => ({ reason })
  if (!pathname.startsWith(`${basePath}/`)) return notFound(`No provider endpoint at ${pathname}: the proxy answers under ${basePath}/.`)
  const rest = pathname.slice(basePath.length + 1)
  const slash = rest.indexOf('/')
  const name = slash === -1 ? rest : rest.slice(0, slash)
  const provider = PROXY_PROVIDER_NAMES.find((candidate) => candidate === name)
  if (!provider || !configured.has(provider)) {
    const offered = PROXY_PROVIDER_NAMES.filter((candidate) => configured.has(candidate)).join(', ')
    return notFound(`No provider "${name}" at ${pathname}: this proxy forwards to ${offered}.`)
  }
  const endpointPath = slash === -1 ? '' : rest.slice(slash)
  const endpoint = ENDPOINTS[provider].find((candidate) => candidate.method === method && candidate.pattern.test(endpointPath))
  if (!endpoint) return notFound(`No ${provider} endpoint ${method} ${endpointPath || '/'}: the proxy forwards only the messages, chat completions, responses and models endpoints.`)
  return { route: { provider, method: endpoint.method, endpointPath, carriesModel: endpoint.carriesModel } }
}
