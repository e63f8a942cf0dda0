import { ConfigurationError } from '../lib/core/errors.ts'
import type { TResolvedUpstream } from './forward-to-provider.ts'
import { createFixedWindowRateLimiter } from './fixed-window-rate-limiter.ts'
import type { IProxyRateLimiter, TProviderProxyOptions } from './provider-proxy-options.ts'
import { DEFAULT_UPSTREAM_URLS, PROXY_PROVIDER_NAMES, type TProxyProviderName } from './proxy-routes.ts'

/** The proxy's options checked, with their defaults filled in. */
export type TResolvedProxyOptions = {
  upstreams: ReadonlyMap<TProxyProviderName, TResolvedUpstream>
  authorize: TProviderProxyOptions['authorize']
  isModelAllowed: (model: string, context: { userId: string; provider: TProxyProviderName }) => boolean
  rateLimiter: IProxyRateLimiter | undefined
  basePath: string
  maxBodyBytes: number
  fetch: typeof fetch
  /** Every provider key given, to redact wherever it could show. */
  serverKeys: string[]
}

const DEFAULT_BASE_PATH = '/api/llm'
const DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024

/**
 * Checks `createProviderProxy`'s options when the proxy is made, so a misconfigured server fails
 * at start with a `ConfigurationError` naming the option, not on its first request.
 */
export function resolveProxyOptions(options: TProviderProxyOptions): TResolvedProxyOptions {
  if (typeof options !== 'object' || options === null) fail('createProviderProxy needs an options object.')
  const upstreams = new Map<TProxyProviderName, TResolvedUpstream>()
  for (const provider of PROXY_PROVIDER_NAMES) {
    const upstream = options[provider]
    if (upstream !== undefined) upstreams.set(provider, resolveUpstream(provider, upstream))
  }
  if (upstreams.size === 0) fail('createProviderProxy needs at least one provider: give `anthropic: { apiKey }` or `openai: { apiKey }`.')
  if (typeof options.authorize !== 'function') {
    fail('createProviderProxy needs `authorize(request)`: a function returning the user id of a request it accepts.')
  }
  const fetchUpstream = options.fetch ?? globalThis.fetch
  if (typeof fetchUpstream !== 'function') fail('`fetch` must be a function; this runtime has no global fetch.')
  return {
    upstreams,
    authorize: options.authorize,
    isModelAllowed: resolveAllowedModels(options.allowedModels),
    rateLimiter: resolveRateLimit(options.rateLimit),
    basePath: resolveBasePath(options.basePath),
    maxBodyBytes: resolveMaxBodyBytes(options.maxBodyBytes),
    fetch: fetchUpstream,
    serverKeys: [...upstreams.values()].map((upstream) => upstream.apiKey)
  }
}

function resolveUpstream(provider: TProxyProviderName, upstream: TProviderProxyOptions[TProxyProviderName]): TResolvedUpstream {
  if (typeof upstream?.apiKey !== 'string' || upstream.apiKey.trim() === '') fail(`\`${provider}.apiKey\` must be the provider key, a non-empty string.`)
  const baseURL = upstream.baseURL ?? DEFAULT_UPSTREAM_URLS[provider]
  let parsed: URL | undefined
  try {
    parsed = new URL(baseURL)
  } catch {
    parsed = undefined
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol)) fail(`\`${provider}.baseURL\` must be an absolute http(s) URL; got ${JSON.stringify(baseURL)}.`)
  return { apiKey: upstream.apiKey, baseURL: baseURL.replace(/\/+$/, '') }
}

function resolveAllowedModels(allowed: TProviderProxyOptions['allowedModels']): TResolvedProxyOptions['isModelAllowed'] {
  if (allowed === undefined) return () => true
  if (typeof allowed === 'function') return allowed
  if (!Array.isArray(allowed) || allowed.some((model) => typeof model !== 'string')) {
    fail('`allowedModels` must be a list of model names or a function of (model, { userId, provider }).')
  }
  const names = new Set(allowed)
  return (model) => names.has(model)
}

function resolveRateLimit(rateLimit: TProviderProxyOptions['rateLimit']): IProxyRateLimiter | undefined {
  if (rateLimit === undefined) return undefined
  if ('take' in rateLimit && typeof rateLimit.take === 'function') return rateLimit
  const { requests, windowMs } = rateLimit as { requests?: unknown; windowMs?: unknown }
  if (!isPositiveInteger(requests) || !isPositiveInteger(windowMs)) {
    fail(`\`rateLimit\` must be { requests, windowMs } with positive whole numbers, or an object with take(userId); got ${JSON.stringify(rateLimit)}.`)
  }
  return createFixedWindowRateLimiter({ requests, windowMs })
}

function resolveBasePath(basePath: string | undefined): string {
  if (basePath === undefined) return DEFAULT_BASE_PATH
  if (typeof basePath !== 'string' || !basePath.startsWith('/')) fail(`\`basePath\` must be a path starting with "/", such as "/api/llm"; got ${JSON.stringify(basePath)}.`)
  return basePath.replace(/\/+$/, '')
}

function resolveMaxBodyBytes(maxBodyBytes: number | undefined): number {
  if (maxBodyBytes === undefined) return DEFAULT_MAX_BODY_BYTES
  if (!isPositiveInteger(maxBodyBytes)) fail(`\`maxBodyBytes\` must be a positive whole number of bytes; got ${JSON.stringify(maxBodyBytes)}.`)
  return maxBodyBytes
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0
}

function fail(message: string): never {
  throw new ConfigurationError(message)
}
