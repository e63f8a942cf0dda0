import { createId } from '../lib/core/create-id.ts'
import type { THostEvent, TPendingPermission } from '../lib/host/agent-host.ts'
import { sessionIdOf } from './host-event-fanout.ts'

/** The part of a `BroadcastChannel` the hosts use; every tab's host joins the same channel. */
export type TSessionBroadcastChannel = {
  postMessage(message: unknown): void
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void
}

type TBroadcastMessage =
  /** An owner's event batch, for the tabs that follow those sessions. */
  | { type: 'robota:host-events'; events: THostEvent[] }
  /** A tab follows a session: its owner should publish the session's events. */
  | { type: 'robota:following'; sessionId: string; requestId: string }
  /** The owner will publish the session's events from now on; these prompts wait for an answer there. */
  | { type: 'robota:followed'; sessionId: string; requestId: string; pendingPermissions: TPendingPermission[] }
  /** A tab has started to drive a session: its followers should say so again. */
  | { type: 'robota:owning'; sessionId: string }
  /** A follower asks the owner to stop its turn and hand the session over. */
  | { type: 'robota:handover'; sessionId: string }

const TYPES = new Set(['robota:host-events', 'robota:following', 'robota:followed', 'robota:owning', 'robota:handover'])

/** How long a follower waits for the owner to confirm; an owner that is going away never does. */
const FOLLOW_CONFIRM_MS = 250

function isBroadcastMessage(data: unknown): data is TBroadcastMessage {
  return typeof data === 'object' && data !== null && TYPES.has((data as { type?: unknown }).type as string)
}

/** Which sessions this host drives and which it follows, as the broadcast needs to know. */
export type TSessionRoles = { isOwner(sessionId: string): boolean; isFollowing(sessionId: string): boolean }

/**
 * Carries the events of a session from the tab that drives it to the tabs that follow it. An owner
 * publishes only the sessions someone said they follow, since cloning every batch of a
 * 10,000-delta turn for nobody costs the worker about as much as the turn itself.
 */
export class SessionBroadcast {
  private readonly followed = new Set<string>()
  private readonly confirmations = new Map<string, (pending: TPendingPermission[]) => void>()
  // The prompts open in the sessions this host drives, by session and request id, for a tab that
  // starts following while one waits: it hears of them from no event.
  private readonly waiting = new Map<string, Map<string, TPendingPermission>>()
  private closed = false
  private readonly onMessage = (event: MessageEvent) => {
    if (isBroadcastMessage(event.data)) this.receive(event.data)
  }

  constructor(
    private readonly channel: TSessionBroadcastChannel,
    private readonly roles: TSessionRoles,
    private readonly deliver: (events: THostEvent[]) => void,
    /** Another tab asked to drive a session this host drives. */
    private readonly onHandoverRequested: (sessionId: string) => void = () => undefined
  ) {
    channel.addEventListener('message', this.onMessage)
  }

  /** Publishes the events of followed sessions this host drives. */
  publish(events: readonly THostEvent[]): void {
    for (const event of events) this.trackPrompts(event)
    if (this.followed.size === 0) return
    const shared = events.filter((event) => this.followed.has(sessionIdOf(event)) && this.roles.isOwner(sessionIdOf(event)))
    if (shared.length > 0) this.post({ type: 'robota:host-events', events: shared })
  }

  /**
   * This host follows a session now: asks its owner for its events and resolves once the owner
   * confirms (or after a short wait), so what is loaded from storage afterwards leaves no gap,
   * with the permission prompts waiting in the owner's tab (none when it did not answer).
   */
  following(sessionId: string): Promise<TPendingPermission[]> {
    const requestId = createId()
    return new Promise((resolve) => {
      const done = (pending: TPendingPermission[] = []) => {
        clearTimeout(timeout)
        this.confirmations.delete(requestId)
        resolve(pending)
      }
      const timeout = setTimeout(done, FOLLOW_CONFIRM_MS)
      this.confirmations.set(requestId, done)
      this.post({ type: 'robota:following', sessionId, requestId })
    })
  }

  /** This host drives a session now: whoever follows it should say so. */
  owning(sessionId: string): void {
    this.followed.delete(sessionId)
    this.post({ type: 'robota:owning', sessionId })
  }

  /** Asks the tab driving a session to hand it over to the tabs waiting for it. */
  requestHandover(sessionId: string): void {
    this.post({ type: 'robota:handover', sessionId })
  }

  /** Stops listening and publishing. */
  close(): void {
    this.closed = true
    this.channel.removeEventListener('message', this.onMessage)
    for (const done of [...this.confirmations.values()]) done([])
  }

  private receive(message: TBroadcastMessage): void {
    switch (message.type) {
      case 'robota:host-events':
        return this.deliver(message.events.filter((event) => this.roles.isFollowing(sessionIdOf(event))))
      case 'robota:following':
        if (!this.roles.isOwner(message.sessionId)) return
        this.followed.add(message.sessionId)
        return this.post({
          type: 'robota:followed',
          sessionId: message.sessionId,
          requestId: message.requestId,
          pendingPermissions: [...(this.waiting.get(message.sessionId)?.values() ?? [])]
        })
      case 'robota:followed':
        return this.confirmations.get(message.requestId)?.(message.pendingPermissions ?? [])
      case 'robota:owning':
        if (this.roles.isFollowing(message.sessionId)) void this.following(message.sessionId)
        return
      case 'robota:handover':
        if (this.roles.isOwner(message.sessionId)) this.onHandoverRequested(message.sessionId)
        return
    }
  }

  private trackPrompts(event: THostEvent): void {
    if (event.kind === 'permission_request') {
      const prompts = this.waiting.get(event.sessionId) ?? new Map<string, TPendingPermission>()
      this.waiting.set(event.sessionId, prompts.set(event.requestId, { requestId: event.requestId, request: event.request }))
    } else if (event.kind === 'permission_settled') {
      this.waiting.get(event.sessionId)?.delete(event.requestId)
    } else if (event.kind === 'turn_finished' || event.kind === 'turn_interrupted' || event.kind === 'turn_failed') {
      this.waiting.delete(event.sessionId)
    }
  }

  private post(message: TBroadcastMessage): void {
    if (!this.closed) this.channel.postMessage(message)
  }
}
