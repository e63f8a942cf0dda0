import type { THostEvent, THostEventListener } from './agent-host.ts'
import { EventBatcher } from './event-batcher.ts'

/**
 * A host's subscribers and the batching of what it tells them: events go out in order, at most
 * once per interval, while prompts and status changes can be sent at once.
 */
export class HostEventHub {
  private readonly listeners = new Map<number, THostEventListener>()
  private readonly batcher: EventBatcher<THostEvent>
  private nextSubscriptionId = 1

  /** @param intervalMs How often batched events are delivered, in milliseconds. */
  constructor(intervalMs?: number) {
    this.batcher = new EventBatcher((events) => this.deliver(events), intervalMs)
  }

  /** Adds a listener; returns its subscription id. */
  subscribe(listener: THostEventListener): number {
    const id = this.nextSubscriptionId++
    this.listeners.set(id, listener)
    return id
  }

  unsubscribe(subscriptionId: number): void {
    this.listeners.delete(subscriptionId)
  }

  /** True while anyone is subscribed: someone who could see a prompt and answer it. */
  get watched(): boolean {
    return this.listeners.size > 0
  }

  /** Queues an event for the next batch. */
  publish(event: THostEvent): void {
    this.batcher.push(event)
  }

  /** Queues an event and delivers the batch without waiting for the interval. */
  publishNow(event: THostEvent): void {
    this.batcher.push(event)
    // Prompts and status changes must not wait for the next batch window.
    void this.batcher.flush()
  }

  /** Delivers what is queued; resolves once the listeners took it. */
  flush(): Promise<void> {
    return this.batcher.flush()
  }

  private async deliver(events: THostEvent[]): Promise<void> {
    // Awaiting each listener gives a slow page back-pressure instead of an unbounded queue.
    for (const listener of this.listeners.values()) await listener(events)
  }
}
