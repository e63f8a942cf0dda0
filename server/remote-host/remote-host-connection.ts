import { AuthenticationError, ValidationError } from '../../lib/core/errors.ts'
import type { IAgentHost, THostEvent } from '../../lib/host/agent-host.ts'
import type { TSessionEventDataMap } from '../../lib/session/session-events.ts'
import { NO_STACK, serializeError } from '../../worker/serialized-error.ts'
import { CLOSE_HELLO_TIMEOUT, CLOSE_UNAUTHORIZED, type THostFrame, type TRemoteHostMethod } from '../../worker/remote/remote-host-frames.ts'
import { parseFrameText, toFrameText } from '../../worker/remote/remote-host-json.ts'
import { createdSessionId, filterListing, isRemoteHostMethod, REMOTE_CALL_POLICY } from './remote-call-policy.ts'
import type { TRemoteHostAuthorize, TRemoteHostLogEntry, TRemoteHostRequest } from './serve-agent-host-options.ts'
import type { ISessionOwners } from './session-owners.ts'

/** The socket under one connection, as much of it as the connection uses. */
export type TFrameSocket = {
  send(text: string): void
  close(code: number, reason: string): void
}

/** What every connection of one remote host shares. */
export type TRemoteHostContext = {
  host: IAgentHost
  owners: ISessionOwners
  authorize: TRemoteHostAuthorize
  maxFrameBytes: number
  allowedModels: readonly string[] | undefined
  /** Whether calls refused by default on a shared host (plugin changes) are let through. */
  allowPluginChanges: boolean
  helloTimeoutMs: number
  log: (entry: TRemoteHostLogEntry) => void
}

type TCall = { id: number; method: TRemoteHostMethod; args: unknown[] }

/**
 * One client of the remote host: authenticates it by its `hello`, runs its calls on the host with
 * the sessions it may touch, and pushes it the events of the sessions it follows (those it made,
 * opened or acted on), never another's.
 */
export class RemoteHostConnection {
  private principal: string | undefined
  private authenticating = false
  private subscription: Promise<number> | undefined
  private readonly following = new Set<string>()
  private readonly helloTimer: ReturnType<typeof setTimeout>
  private closed = false

  constructor(
    private readonly socket: TFrameSocket,
    private readonly request: TRemoteHostRequest,
    private readonly context: TRemoteHostContext
  ) {
    this.helloTimer = setTimeout(() => this.refuse(CLOSE_HELLO_TIMEOUT, `no hello frame within ${context.helloTimeoutMs} ms`), context.helloTimeoutMs)
  }

  /** Handles one text frame from the client. */
  receive(text: string): void {
    let frame: unknown
    try {
      frame = parseFrameText(text)
    } catch (error) {
      this.refuseFrame(null, `a frame is not JSON (${error instanceof Error ? error.message : String(error)})`)
      return
    }
    if (!isRecord(frame)) return this.refuseFrame(null, 'a frame must be a JSON object with a "type"')
    if (frame.type === 'hello') return void this.hello(frame.token)
    if (this.principal === undefined) {
      this.refuse(CLOSE_UNAUTHORIZED, this.authenticating ? 'a call arrived before the hello was answered' : 'the first frame must be a hello carrying the token')
      return
    }
    if (frame.type !== 'call') return this.refuseFrame(null, `unknown frame type ${JSON.stringify(frame.type)}; expected "call"`)
    const call = readCall(frame)
    if (typeof call === 'string') return this.refuseFrame(Number.isSafeInteger(frame.id) ? (frame.id as number) : null, call)
    void this.run(call, this.principal)
  }

  /** Refuses a binary frame: the protocol is JSON text. */
  receiveBinary(): void {
    this.refuseFrame(null, 'binary frames are not read; frames are JSON text')
  }

  /** Lets go of the host subscription once the socket closed. */
  disconnected(): void {
    this.closed = true
    clearTimeout(this.helloTimer)
    void this.subscription?.then((id) => this.context.host.unsubscribe(id))
    if (this.principal !== undefined) this.context.log({ event: 'disconnected', principal: this.principal, ...this.address() })
  }

  private async hello(token: unknown): Promise<void> {
    if (this.principal !== undefined || this.authenticating) return this.refuseFrame(null, 'this connection already sent its hello')
    this.authenticating = true
    clearTimeout(this.helloTimer)
    let principal: string | undefined
    try {
      principal = await this.context.authorize(typeof token === 'string' ? token : undefined, this.request)
    } catch (error) {
      principal = undefined
      this.context.log({ event: 'refused', ...this.address(), message: `authorize() threw: ${error instanceof Error ? error.message : String(error)}` })
    }
    if (this.closed) return
    if (typeof principal !== 'string' || principal === '') {
      this.refuse(CLOSE_UNAUTHORIZED, typeof token === 'string' && token !== '' ? 'its token was not accepted' : 'it presented no token')
      return
    }
    this.principal = principal
    this.subscription = this.context.host.subscribe((events) => this.push(events))
    await this.subscription
    this.send({ type: 'welcome', maxFrameBytes: this.context.maxFrameBytes })
    this.context.log({ event: 'connected', principal, ...this.address() })
  }

  private async run(call: TCall, principal: string): Promise<void> {
    const policy = REMOTE_CALL_POLICY[call.method]
    try {
      if (policy.refused && !this.context.allowPluginChanges) throw new ValidationError(`${call.method}(): ${policy.refused}.`, { details: { method: call.method } })
      if (policy.sessionScoped) {
        const sessionId = call.args[0]
        if (typeof sessionId !== 'string' || !(await this.mayTouch(principal, sessionId))) {
          throw new ValidationError(`Session "${String(sessionId)}" was not found on this host.`, { details: { sessionId: String(sessionId) } })
        }
        this.following.add(sessionId)
      }
      if (policy.providerChoice) this.checkProviderChoice(policy.providerChoice(call.args), call.method)
      const host = this.context.host
      let value: unknown = await Reflect.apply(host[call.method], host, call.args)
      if (policy.createsSession) {
        const sessionId = createdSessionId(value)
        await this.context.owners.assign(sessionId, principal)
        this.following.add(sessionId)
      }
      if (policy.releasesSession) {
        await this.context.owners.release(call.args[0] as string)
        this.following.delete(call.args[0] as string)
      }
      if (policy.listsSessions) value = await filterListing(value as Parameters<typeof filterListing>[0], (entry) => this.ownsOrParent(principal, entry))
      this.send({ type: 'result', id: call.id, value: value ?? null })
    } catch (error) {
      this.send({ type: 'error', id: call.id, error: serializeError(error, NO_STACK) })
    }
  }

  private checkProviderChoice(provider: unknown, method: string): void {
    if (provider === undefined) return
    if (!isRecord(provider) || typeof provider.model !== 'string') throw new ValidationError(`${method}: the provider choice must be an object with a "model"`)
    for (const field of ['apiKey', 'baseURL'] as const) {
      if (provider[field] !== undefined) {
        throw new ValidationError(`${method}: a provider choice sent to a remote host cannot carry "${field}"; the host's providers are configured on the server.`, {
          details: { field }
        })
      }
    }
    const allowed = this.context.allowedModels
    if (allowed && !allowed.includes(provider.model)) {
      throw new ValidationError(`${method}: model "${provider.model}" is not allowed on this host; allowed: ${allowed.join(', ')}.`, { details: { model: provider.model } })
    }
  }

  private push(events: THostEvent[]): void {
    for (const event of events) this.followRun(event)
    const mine = events.filter((event) => this.following.has(event.kind === 'replay' ? event.event.sessionId : event.sessionId))
    if (mine.length > 0) this.send({ type: 'events', events: mine })
  }

  /** Whether the principal may touch the session: theirs, or a subagent run of a session of theirs. */
  private async mayTouch(principal: string, sessionId: string): Promise<boolean> {
    const { owners, host } = this.context
    if (await owners.owns(principal, sessionId)) return true
    const parent = (await host.listSessions()).sessions.find((summary) => summary.id === sessionId)?.parentSessionId
    return parent !== undefined && (await owners.owns(principal, parent))
  }

  // A subagent run is the user's whose session's turn started it, whether or not one of their
  // connections was open then (runs start no runs of their own).
  private async ownsOrParent(principal: string, entry: { id: string; parentSessionId?: string }): Promise<boolean> {
    const { owners } = this.context
    if (await owners.owns(principal, entry.id)) return true
    return entry.parentSessionId !== undefined && (await owners.owns(principal, entry.parentSessionId))
  }

  // A subagent run that a turn of a session this client follows starts is followed too: its
  // events are pushed as it records them.
  private followRun(event: THostEvent): void {
    if (event.kind !== 'replay' || (event.event.type as string) !== 'session_link') return
    const { parentSessionId } = event.event.data as unknown as TSessionEventDataMap['session_link']
    if (this.following.has(parentSessionId)) this.following.add(event.event.sessionId)
  }

  private refuseFrame(id: number | null, message: string): void {
    this.context.log({ event: 'frame_refused', ...(this.principal ? { principal: this.principal } : {}), ...this.address(), message })
    this.send({ type: 'error', id, error: serializeError(new ValidationError(`The agent host refused a frame: ${message}.`), NO_STACK) })
  }

  private refuse(code: number, reason: string): void {
    const message = `The agent host refused the connection: ${reason}.`
    this.context.log({ event: 'refused', ...this.address(), message })
    this.send({ type: 'refused', error: serializeError(new AuthenticationError(message), NO_STACK) })
    this.socket.close(code, reason.slice(0, 120))
  }

  private send(frame: THostFrame): void {
    if (!this.closed) this.socket.send(toFrameText(frame))
  }

  private address(): { remoteAddress?: string } {
    return this.request.remoteAddress ? { remoteAddress: this.request.remoteAddress } : {}
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function readCall(frame: Record<string, unknown>): TCall | string {
  if (!Number.isSafeInteger(frame.id)) return 'a call needs an integer "id"'
  if (!isRemoteHostMethod(frame.method)) return `unknown method ${JSON.stringify(frame.method)}`
  if (!Array.isArray(frame.args)) return `the call to ${frame.method} needs an "args" array`
  return { id: frame.id as number, method: frame.method, args: frame.args }
}
