import type { IAgentHost, THostEvent } from '../../lib/host/agent-host.ts'
import type { TSerializedError } from '../serialized-error.ts'

/** The host methods a remote client calls by name; subscriptions are the connection's own. */
export type TRemoteHostMethod = Exclude<keyof IAgentHost, 'subscribe' | 'unsubscribe'>

/** The WebSocket subprotocol of the remote agent host; a change of the frames below changes its version. */
export const REMOTE_HOST_PROTOCOL = 'robota-agent-host.v1'

/** Close code the host uses when it refuses a connection's token. */
export const CLOSE_UNAUTHORIZED = 4401

/** Close code the host uses when a connection sent nothing to authenticate it in time. */
export const CLOSE_HELLO_TIMEOUT = 4408

/** What a client sends: first a `hello` with its token, then calls, each with its own id. */
export type TClientFrame =
  | { type: 'hello'; token?: string }
  | { type: 'call'; id: number; method: TRemoteHostMethod; args: unknown[] }

/** What the host sends: whether the connection is accepted, results and errors of calls, and event batches. */
export type THostFrame =
  /** The token was accepted; frames larger than `maxFrameBytes` are refused. */
  | { type: 'welcome'; maxFrameBytes: number }
  /** The token was refused; the host closes the connection after this frame. */
  | { type: 'refused'; error: TSerializedError }
  | { type: 'result'; id: number; value: unknown }
  /** A call failed, or (`id: null`) a frame could not be read at all. */
  | { type: 'error'; id: number | null; error: TSerializedError }
  /** Events of the sessions this connection follows, in order. */
  | { type: 'events'; events: THostEvent[] }
