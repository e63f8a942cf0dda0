import type { THostEvent, THostEventListener } from '../lib/host/agent-host.ts'
import { markHostEventBatch } from './host-event-transfer.ts'

/**
 * The listeners of a host and one ordered delivery line to them: batches from any source (the
 * host's own turns, another tab, the host's own notices) go out one at a time, in the order they
 * were handed in, each awaited by every listener before the next.
 */
export class HostEventFanout {
  private readonly listeners = new Map<number, THostEventListener>()
  private nextId = 1
  private delivering: Promise<void> = Promise.resolve()

  /** Adds a listener; returns its id. */
  add(listener: THostEventListener): number {
    const id = this.nextId++
    this.listeners.set(id, listener)
    return id
  }

  /** Removes a listener. */
  remove(id: number): void {
    this.listeners.delete(id)
  }

  /** Queues a batch; the promise settles once every listener has taken it. */
  deliver(events: THostEvent[]): Promise<void> {
    if (events.length === 0) return this.delivering
    // Listeners across a comlink boundary get the batch packed (see host-event-transfer.ts).
    markHostEventBatch(events)
    this.delivering = this.delivering.then(async () => {
      for (const listener of [...this.listeners.values()]) {
        try {
          await listener(events)
        } catch {
          // A listener that throws (a closed page, say) must not stop the others.
        }
      }
    })
    return this.delivering
  }
}

/** The session an event belongs to. */
export function sessionIdOf(event: THostEvent): string {
  return event.kind === 'replay' ? event.event.sessionId : event.sessionId
}
