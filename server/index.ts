// `robota/server`: what a web app's server runs so its browsers never hold a provider key, the
// remote agent host, and the transports that serve a session to clients elsewhere. No browser-only
// code, and no Node import when the entry loads: the proxy is standard fetch handlers, the remote
// host and the transports import Node's modules, `ws` and the MCP SDK as they start, and the
// Postgres session store imports `pg` or PGlite on its first query.
export { createProviderProxy } from './create-provider-proxy.ts'
export { createFixedWindowRateLimiter } from './fixed-window-rate-limiter.ts'
export { toNodeListener } from './to-node-listener.ts'
export { serveAgentHost } from './remote-host/serve-agent-host.ts'
export { InMemorySessionOwners } from './remote-host/session-owners.ts'
export type { ISessionOwners } from './remote-host/session-owners.ts'
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

// Transports: a session served over JSON lines, HTTP or MCP. Node's modules (and the MCP SDK) are
// imported when a transport starts, so loading this entry pulls none of them.
export { createHeadlessTransport, HeadlessTransport } from './transports/headless/headless-transport.ts'
export type { THeadlessInput, THeadlessOutput, THeadlessTransportOptions } from './transports/headless/headless-transport.ts'
export type { THeadlessRequest } from './transports/headless/headless-request.ts'
export type { THeadlessOutputLine, TReplyTo } from './transports/headless/headless-output-line.ts'
export type { TCommandOutcome, TSubmitOutcome, TTransportCommandOutcome, TTransportErrorCode } from './transports/session-operations.ts'
export type { TTransportError, TTransportEvent, TTransportResult } from './transports/transport-event.ts'
export { createHttpTransport, HttpTransport } from './transports/http/http-transport.ts'
export type { THttpTransportOptions } from './transports/http/http-transport.ts'
export type { TTransportAddress } from './transports/transport-listen-options.ts'
export { createMcpTransport, McpTransport } from './transports/mcp/mcp-transport.ts'
export type { TMcpTransportOptions } from './transports/mcp/mcp-transport.ts'
export type {
  TRemoteHostAuthorize,
  TRemoteHostLogEntry,
  TRemoteHostRequest,
  TServeAgentHostOptions,
  TServedAgentHost,
  TUpgradeServer
} from './remote-host/serve-agent-host-options.ts'
export type { TWebSocketTransportOptions } from './transports/ws/websocket-transport.ts'
export type { TSerializedError, TSessionClientFrame, TSessionServerFrame } from './transports/ws/websocket-transport-frames.ts'

// The session store on PostgreSQL: `pg` for a server, PGlite in-process; both optional peers.
export { PostgresSessionStore } from './storage/postgres/postgres-session-store.ts'
export { createPGliteSessionStore, createPostgresSessionStore } from './storage/postgres/create-postgres-session-store.ts'
export { createPgSqlClient } from './storage/postgres/pg-sql-client.ts'
export { createPGliteSqlClient } from './storage/postgres/pglite-sql-client.ts'
export { POSTGRES_SCHEMA_VERSION } from './storage/postgres/postgres-schema.ts'
export type { TPostgresSessionStoreOptions } from './storage/postgres/postgres-session-store.ts'
export type { TPgPool, TPgPoolConnection, TPgSqlClientOptions } from './storage/postgres/pg-sql-client.ts'
export type { TPGliteDatabase, TPGliteSqlClientOptions } from './storage/postgres/pglite-sql-client.ts'
export type { ISqlClient, ISqlQueryable, TSqlRow } from './storage/postgres/sql-client.ts'
