import type { TProxyProviderName } from './proxy-routes.ts'

/** A standard fetch handler: what Node (through `toNodeListener`), Hono, Next.js and Workers run. */
export type TProviderProxyHandler = (request: Request) => Promise<Response>

/** Where the proxy sends one provider's requests, and the key it adds to them. */
export type TProxyUpstream = {
  /** The provider key. It stays on the server: the proxy adds it to each request it forwards. */
  apiKey: string
  /** Another endpoint speaking the provider's API. Default `https://api.anthropic.com` or `https://api.openai.com/v1`. */
  baseURL?: string
}

/** A user id (the request may pass), or anything else (it is refused with 401). */
export type TAuthorizeResult = string | null | undefined | false

/** Decides whether a model may be used, by name or by a check of the app's own. */
export type TAllowedModels = readonly string[] | ((model: string, context: { userId: string; provider: TProxyProviderName }) => boolean)

/** Whether a user may send one more request now, and if not, how long to wait. */
export type TRateLimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number }

/** A per-user rate limit the app supplies, such as one kept in a store shared by several servers. */
export interface IProxyRateLimiter {
  /** Counts one request of `userId`, or refuses it. */
  take(userId: string): TRateLimitDecision | Promise<TRateLimitDecision>
}

/** A fixed window: at most `requests` per user in each `windowMs`. */
export type TFixedWindowRateLimit = { requests: number; windowMs: number }

/** One line the proxy logs: a plain object, with every key and credential already redacted. */
export type TProviderProxyLogEntry = {
  level: 'info' | 'warn' | 'error'
  /** What happened, in one sentence. */
  message: string
  method: string
  path: string
  /** The status the browser got (upstream's, passed through, or the proxy's refusal). */
  status: number
  /** Time until the response headers were ready; a stream goes on after that. */
  durationMs: number
  userId?: string
  provider?: TProxyProviderName
  model?: string
  /** The start of an upstream error body, or why the upstream could not be reached. */
  detail?: string
}

/** Options of `createProviderProxy`. At least one provider must be given. */
export type TProviderProxyOptions = {
  anthropic?: TProxyUpstream
  openai?: TProxyUpstream
  /**
   * Says who sent a request, from its headers or cookies (not its body, which the proxy reads
   * later): a user id lets it through, anything else, or a throw, refuses it with 401.
   */
  authorize: (request: Request) => TAuthorizeResult | Promise<TAuthorizeResult>
  /** The models requests may name; without it every model is allowed. */
  allowedModels?: TAllowedModels
  /** Requests per user: a fixed window kept in memory, or the app's own limiter. Without it, none. */
  rateLimit?: TFixedWindowRateLimit | IProxyRateLimiter
  /** Receives one entry per request, keys and credentials redacted. */
  log?: (entry: TProviderProxyLogEntry) => void
  /** Where the proxy is mounted: it answers `<basePath>/anthropic/…` and `<basePath>/openai/…`. Default `/api/llm`. */
  basePath?: string
  /** The largest request body accepted, in bytes. Default 8 MiB. */
  maxBodyBytes?: number
  /** The fetch used to reach the providers. Default the global `fetch`. */
  fetch?: typeof fetch
}
