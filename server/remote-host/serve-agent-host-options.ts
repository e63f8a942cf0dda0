import type { ISessionOwners } from './session-owners.ts'

/** The HTTP upgrade request a connection came with, as `authorize` sees it. */
export type TRemoteHostRequest = {
  /** The request's path and query. */
  url: string
  headers: Readonly<Record<string, string | string[] | undefined>>
  /** The peer's address, when the socket knows it. */
  remoteAddress?: string
}

/**
 * Decides who a connection is: returns a principal (a user id) to accept it, or `undefined` to
 * refuse. `token` is what the client's `hello` frame carried (`createRemoteAgentClient`'s `token`).
 * Sessions belong to the principal that created them; every connection of one principal sees them.
 */
export type TRemoteHostAuthorize = (token: string | undefined, request: TRemoteHostRequest) => string | undefined | Promise<string | undefined>

/** A Node HTTP(S) server to share, structurally (so `robota/server` needs no Node types of its own). */
export type TUpgradeServer = {
  on(event: 'upgrade', listener: (...args: unknown[]) => void): unknown
  off(event: 'upgrade', listener: (...args: unknown[]) => void): unknown
}

/** One line of the remote host's log: a connection accepted or refused, a frame refused. Never holds a token. */
export type TRemoteHostLogEntry = {
  event: 'connected' | 'refused' | 'frame_refused' | 'disconnected'
  principal?: string
  remoteAddress?: string
  message?: string
}

/** Options of `serveAgentHost`. Give `server` or `port`, and `authorize` or `token`. */
export type TServeAgentHostOptions = {
  /** An HTTP server to take WebSocket upgrades from on `path`; other upgrades are left alone. */
  server?: TUpgradeServer
  /** Listen on this port (0 picks a free one) instead of sharing a server. */
  port?: number
  /** The interface to listen on with `port`; default `127.0.0.1`. */
  hostname?: string
  /** The path connections upgrade on; default `/agent-host`. */
  path?: string
  /** Decides who each connection is (see `TRemoteHostAuthorize`). */
  authorize?: TRemoteHostAuthorize
  /** One shared secret instead of `authorize`: a connection presenting it is the principal `token-holder`. */
  token?: string | undefined
  /** The largest frame a client may send, in bytes; default 1 MiB. Larger frames close the connection (code 1009). */
  maxFrameBytes?: number
  /** Models sessions may be created with or switched to; any when left out. */
  allowedModels?: readonly string[]
  /**
   * Whether pages may search marketplace sources and install, enable or remove bundle plugins.
   * Off by default: the server would fetch any address a page names, and the user scope is the
   * host's, shared by every user. Listing a session's plugins is always allowed.
   */
  allowPluginChanges?: boolean
  /** How long a new connection has to send its `hello`, in milliseconds; default 10 s. */
  helloTimeoutMs?: number
  /** Receives one entry per connection event, with no token in it. */
  log?: (entry: TRemoteHostLogEntry) => void
  /**
   * Who owns which session, with `authorize`: by default kept in the server's memory, so sessions
   * stored before a restart are nobody's; an app keeps it beside its store to keep them its users'.
   * With one shared `token`, every session is the token holder's and this is not needed.
   */
  owners?: ISessionOwners
}

/** A running remote host. */
export type TServedAgentHost = {
  /** The `ws://` URL clients connect to (with `port`; with `server`, the path on that server). */
  url: string
  /** Connections open now. */
  readonly connectionCount: number
  /** Closes every connection and stops listening (a shared `server` keeps running). The host is not disposed. */
  close(): Promise<void>
}
