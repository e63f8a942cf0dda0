import type { TEventContext, IEventService, TEventData } from './event-service.ts'

/** The null object: accepts every event and does nothing, so callers never check for a service. */
export class DefaultEventService implements IEventService {
  emit(_eventType: string, _data: TEventData, _context?: TEventContext): void {}
}

/** A shared no-op instance; it holds no state, so one is enough. */
export const DEFAULT_EVENT_SERVICE: IEventService = new DefaultEventService()
