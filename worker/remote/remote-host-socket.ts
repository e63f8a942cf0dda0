import { AuthenticationError, NetworkError, ValidationError } from '../../lib/core/errors.ts'
import type { THostEvent } from '../../lib/host/agent-host.ts'
import { deserializeError } from '../serialized-error.ts'
import { CLOSE_UNAUTHORIZED, REMOTE_HOST_PROTOCOL, type THostFrame, type TRemoteHostMethod } from './remote-host-frames.ts'
import { parseFrameText, toFrameText } from './remote-host-json.ts'
import { describeError } from '../../lib/core/describe-error.ts'

/** The part of a WebSocket the client uses: the browser's, or `ws`'s in Node. */
export type TWebSocketLike = {
  send(data: string): void
  close(code?: number, reason?: string): void
  onopen: ((event: unknown) => void) | null
  onmessage: ((event: { data: unknown }) => void) | null
  onclose: ((event: { code: number; reason: string }) => void) | null
  onerror: ((event: unknown) => void) | null
}

/** Makes a WebSocket: the global `WebSocket` in browsers, `ws`'s class in Node 20. */
export type TWebSocketConstructor = new (url: string, protocols: string | string[]) => TWebSocketLike

/** How the socket behaves when its connection drops. */
export type TReconnectOptions = {
  /** Attempts in a row before the client gives up and every call fails; default 5. */
  maxAttempts: number
  /** Wait before the first attempt, doubled for each further one; default 250 ms. */
  delayMs: number
  /** How long one attempt may take from opening the socket to the host's welcome; default 10 s. */
  connectTimeoutMs: number
}

const DEFAULT_CONNECT_TIMEOUT_MS = 10_000

type TPending = { method: TRemoteHostMethod; resolve: (value: unknown) => void; reject: (error: Error) => void }

type TConnected = { socket: TWebSocketLike; maxFrameBytes: number }

/** One lost connection that was made good again, as the client reports it. */
export type TReconnect = { attempts: number; message: string }

/**
 * The client's end of the remote agent host: one WebSocket at a time, authenticated by a `hello`,
 * calls matched to answers by id, events handed on in order. A connection that drops fails the
 * calls waiting on it (a turn goes on running on the host) and is made again, `maxAttempts` times.
 */
export class RemoteHostSocket {
  private connected: Promise<TConnected>
  private current: TConnected | undefined
  private readonly pending = new Map<number, TPending>()
  private nextId = 1
  // Events and answers are handed on through one queue, so a call's answer never overtakes the events before it.
  private inOrder: Promise<void> = Promise.resolve()
  private failure: Error | undefined
  private terminated = false

  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly WebSocketClass: TWebSocketConstructor,
    private readonly reconnect: TReconnectOptions | false,
    private readonly onEvents: (events: THostEvent[]) => Promise<void>,
    private readonly onReconnect: (reconnect: TReconnect) => void
  ) {
    this.connected = this.connect()
    // Until the first call, a refused or unreachable host is reported there, not as an unhandled rejection.
    this.connected.catch(() => undefined)
  }

  /** Calls `method` on the host; rejects with the host's error, rebuilt with its class and code. */
  async call(method: TRemoteHostMethod, args: unknown[]): Promise<unknown> {
    if (this.failure) throw this.failure
    const { socket, maxFrameBytes } = await this.connected
    const id = this.nextId++
    const text = toFrameText({ type: 'call', id, method, args })
    const bytes = text.length * 3 > maxFrameBytes ? new TextEncoder().encode(text).length : text.length
    if (bytes > maxFrameBytes) {
      throw new ValidationError(`The call to ${method} is ${bytes} bytes, more than the agent host at ${this.url} accepts in one frame (${maxFrameBytes} bytes).`, {
        details: { method, bytes, maxFrameBytes }
      })
    }
    return new Promise((resolve, reject) => {
      this.pending.set(id, { method, resolve, reject })
      socket.send(text)
    })
  }

  /** Closes the connection for good; later calls fail. */
  terminate(): void {
    this.terminated = true
    this.failure = new NetworkError(`The client of the agent host at ${this.url} was terminated.`)
    this.rejectPending(() => this.failure as Error)
    this.current?.socket.close(1000, 'terminated')
  }

  private connect(): Promise<TConnected> {
    return new Promise<TConnected>((resolve, reject) => {
      let socket: TWebSocketLike
      try {
        socket = new this.WebSocketClass(this.url, REMOTE_HOST_PROTOCOL)
      } catch (error) {
        reject(new NetworkError(`Could not open a WebSocket to the agent host at ${this.url}: ${describeError(error)}`))
        return
      }
      let welcomed = false
      let refusal: Error | undefined
      let timedOut = false
      const connectTimeoutMs = this.reconnect === false ? DEFAULT_CONNECT_TIMEOUT_MS : this.reconnect.connectTimeoutMs
      // A host that accepts the TCP connection but never answers would otherwise hold every call forever.
      const timer = setTimeout(() => {
        timedOut = true
        socket.close(4000, 'no welcome in time')
      }, connectTimeoutMs)
      socket.onopen = () => socket.send(toFrameText(this.token === undefined ? { type: 'hello' } : { type: 'hello', token: this.token }))
      socket.onerror = () => undefined
      socket.onmessage = (event) => {
        const frame = readFrame(event.data)
        if (!frame) return
        if (frame.type === 'welcome') {
          clearTimeout(timer)
          welcomed = true
          this.current = { socket, maxFrameBytes: frame.maxFrameBytes }
          resolve(this.current)
        } else if (frame.type === 'refused') {
          refusal = deserializeError(frame.error)
        } else {
          this.receive(frame)
        }
      }
      socket.onclose = (event) => {
        clearTimeout(timer)
        if (this.current?.socket === socket) this.current = undefined
        const lost = timedOut
          ? new NetworkError(`The agent host at ${this.url} did not answer within ${connectTimeoutMs} ms of connecting.`)
          : this.describeClose(event, refusal)
        if (!welcomed) reject(lost)
        this.rejectPending((method) => new NetworkError(`${lost.message} The call to ${method} got no answer; a turn it started goes on running on the host.`, { details: { code: event.code } }))
        if (refusal || event.code === CLOSE_UNAUTHORIZED) this.failure = lost
        else if (welcomed && !this.terminated) this.reconnectAfter(lost)
      }
    })
  }

  private reconnectAfter(lost: Error): void {
    if (this.reconnect === false) {
      this.failure = lost
      return
    }
    const { maxAttempts, delayMs } = this.reconnect
    const attempt = async (): Promise<TConnected> => {
      let last: Error = lost
      for (let attempts = 1; attempts <= maxAttempts && !this.terminated; attempts++) {
        await new Promise((resolve) => setTimeout(resolve, delayMs * 2 ** (attempts - 1)))
        if (this.terminated) break
        try {
          const connected = await this.connect()
          this.onReconnect({ attempts, message: lost.message })
          return connected
        } catch (error) {
          last = error as Error
          if (this.failure) throw this.failure
        }
      }
      this.failure = this.terminated
        ? (this.failure ?? last)
        : new NetworkError(`The connection to the agent host at ${this.url} was lost and ${maxAttempts} attempts to reconnect failed; the last: ${last.message}`)
      throw this.failure
    }
    this.connected = attempt()
    this.connected.catch(() => undefined)
  }

  private receive(frame: THostFrame): void {
    if (frame.type === 'events') {
      const events = frame.events
      this.enqueue(() => this.onEvents(events))
      return
    }
    if (frame.type !== 'result' && frame.type !== 'error') return
    // `id: null` answers a frame the host could not read; this client sends none such.
    if (frame.id === null) return
    const pending = this.pending.get(frame.id)
    if (!pending) return
    this.pending.delete(frame.id)
    this.enqueue(() => (frame.type === 'result' ? pending.resolve(frame.value === null ? undefined : frame.value) : pending.reject(deserializeError(frame.error))))
  }

  private enqueue(step: () => void | Promise<void>): void {
    // A listener that throws must not stop later events or answers.
    this.inOrder = this.inOrder.then(step).catch(() => undefined)
  }

  private describeClose(event: { code: number; reason: string }, refusal: Error | undefined): Error {
    if (refusal) return refusal
    if (event.code === CLOSE_UNAUTHORIZED) return new AuthenticationError(`The agent host at ${this.url} refused the connection${event.reason ? `: ${event.reason}` : ''}.`)
    const tooLarge = event.code === 1009 ? ' (a frame was larger than the host accepts)' : ''
    return new NetworkError(`The connection to the agent host at ${this.url} was lost (close code ${event.code}${tooLarge}${event.reason ? `: ${event.reason}` : ''}).`, {
      details: { code: event.code }
    })
  }

  private rejectPending(toError: (method: TRemoteHostMethod) => Error): void {
    for (const [id, pending] of this.pending) {
      this.pending.delete(id)
      pending.reject(toError(pending.method))
    }
  }
}

function readFrame(data: unknown): THostFrame | undefined {
  if (typeof data !== 'string') return undefined
  try {
    const frame = parseFrameText(data) as THostFrame
    return typeof frame === 'object' && frame !== null ? frame : undefined
  } catch {
    return undefined
  }
}
