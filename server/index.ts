// `robota/server`: what a web app's server runs so its browsers never hold a provider key.
// Standard fetch handlers only: no browser-only code, and no Node import outside the Node adapter's types.
// The remote agent host loads `ws` lazily, when `serveAgentHost` is called.
export { createProviderProxy } from './create-provider-proxy.ts'
export { createFixedWindowRateLimiter } from './fixed-window-rate-limiter.ts'
export { toNodeListener } from './to-node-listener.ts'
export { serveAgentHost } from './remote-host/serve-agent-host.ts'
export { WebSocketTransport } from './transports/ws/websocket-transport.ts'
export { WEBSOCKET_TRANSPORT_PROTOCOL } from './transports/ws/websocket-transport-frames.ts'
export type {
  IProxyRateLimiter,
  TAllowedModels,
  TAuthorizeResult,
  TFixedWindowRateLimit,
  TProviderProxyHandler,
  TProviderProxyLogEntry,
  TProviderProxyOptions,
  TProxyUpstream,
  TRateLimitDecision
} from './provider-proxy-options.ts'
export type { TFixedWindowRateLimiterOptions } from './fixed-window-rate-limiter.ts'
export type { TProviderProxyErrorCode } from './proxy-error-response.ts'
export type { TProxyProviderName } from './proxy-routes.ts'
export type { TNodeListener, TNodeRequest, TNodeResponse } from './to-node-listener.ts'
export type {
  TRemoteHostAuthorize,
  TRemoteHostLogEntry,
  TRemoteHostRequest,
  TServeAgentHostOptions,
  TServedAgentHost,
  TUpgradeServer
} from './remote-host/serve-agent-host-options.ts'
export type { TWebSocketTransportOptions } from './transports/ws/websocket-transport.ts'
export type { TSessionClientFrame, TSessionServerFrame } from './transports/ws/websocket-transport-frames.ts'
