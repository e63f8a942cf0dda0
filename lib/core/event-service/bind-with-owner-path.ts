import type { TEventContext, IEventService, IOwnerPathSegment, TEventData } from './event-service.ts'

/** A view of another service whose events carry a longer owner path. */
class OwnerBoundEventService implements IEventService {
  constructor(
    private readonly parent: IEventService,
    readonly ownerPath: readonly IOwnerPathSegment[]
  ) {}

  emit(eventType: string, data: TEventData, context?: TEventContext): void {
    this.parent.emit(eventType, data, { ...context, ownerPath: context?.ownerPath ?? this.ownerPath })
  }
}

/**
 * Returns a service that emits through `service` with the owner path extended by `segment`: an
 * agent's service bound to `{ ownerType: 'tool', ownerId: 'call_1' }` emits events whose path is
 * `[agent, tool]` and whose names are prefixed `tool.`. Binding again nests further.
 */
export function bindWithOwnerPath(service: IEventService, segment: IOwnerPathSegment): IEventService {
  const ownerPath = [...(service.ownerPath ?? []), { ownerType: segment.ownerType, ownerId: segment.ownerId }]
  return new OwnerBoundEventService(service, ownerPath)
}
