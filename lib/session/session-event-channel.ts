import type { TAnySessionEventType, TSessionEvent, TSessionEventListener } from './session-events.ts'

/**
 * Where a session's events go and which `seq` the next one takes. Run events come from the agent,
 * which numbers them itself; events the session records outside a run take the agent's next
 * `seq` and reserve it, so the agent must be rebuilt from the reserved position before it runs
 * again (`hasReservation`).
 */
export class SessionEventChannel {
  private readonly listeners = new Set<TSessionEventListener>()
  private reservedSeq: number | undefined

  constructor(
    private readonly sessionId: string,
    private readonly agentNextSeq: () => number
  ) {}

  /** Adds a listener of every event; returns a function that removes it. */
  subscribe(listener: TSessionEventListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Hands an event to every listener; resolves when the promises they returned have. */
  deliver(event: TSessionEvent): void | Promise<void> {
    const pending: Array<Promise<void>> = []
    for (const listener of [...this.listeners]) {
      const result = listener(event)
      if (result) pending.push(result)
    }
    if (pending.length > 0) return Promise.all(pending).then(() => undefined)
  }

  /** Records an event of the session's own at the next `seq`, reserving it. */
  record(type: TAnySessionEventType, data: object, executionId: string, round?: number): void | Promise<void> {
    const seq = this.nextSeq()
    this.reservedSeq = seq + 1
    const event = { seq, ts: Date.now(), sessionId: this.sessionId, executionId, ...(round === undefined ? {} : { round }), type, data }
    // The typed front ends (the session's `emit`, the hooks' emitter) check each type's data.
    return this.deliver(event as TSessionEvent)
  }

  /** The `seq` the next event will carry. */
  nextSeq(): number {
    return this.reservedSeq ?? this.agentNextSeq()
  }

  /** True when events were recorded outside the agent since it was built. */
  hasReservation(): boolean {
    return this.reservedSeq !== undefined
  }

  /** Forgets the reservation once an agent continuing from it exists. */
  clearReservation(): void {
    this.reservedSeq = undefined
  }
}
