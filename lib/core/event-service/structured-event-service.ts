import type {
  TEventContext,
  IEventService,
  IOwnerPathSegment,
  TStructuredEvent,
  TEventData,
  TStructuredEventListener
} from './event-service.ts'

/** How a `StructuredEventService` is built. */
export type TStructuredEventServiceOptions = {
  /** Receives every event. */
  onEvent: TStructuredEventListener
  /** The path events carry when the caller gives none; root first. Defaults to the root (empty). */
  ownerPath?: readonly IOwnerPathSegment[]
  /** Clock for `timestamp`; injected in tests. */
  now?: () => number
}

/**
 * Builds owner-qualified events and hands them to a listener. The event name is prefixed with the
 * emitting owner's type (`execute_start` from a tool becomes `tool.execute_start`) and the event
 * carries the whole owner path. Bind child owners with `bindWithOwnerPath`.
 */
export class StructuredEventService implements IEventService {
  readonly ownerPath: readonly IOwnerPathSegment[]
  private readonly onEvent: TStructuredEventListener
  private readonly now: () => number

  constructor(options: TStructuredEventServiceOptions) {
    this.onEvent = options.onEvent
    this.ownerPath = copyOwnerPath(options.ownerPath ?? [])
    this.now = options.now ?? Date.now
  }

  emit(eventType: string, data: TEventData, context?: TEventContext): void {
    const ownerPath = copyOwnerPath(context?.ownerPath ?? this.ownerPath)
    const owner = ownerPath.at(-1)
    const prefix = owner ? `${owner.ownerType}.` : ''
    const localName = prefix && eventType.startsWith(prefix) ? eventType.slice(prefix.length) : eventType
    const event: TStructuredEvent = {
      type: `${prefix}${localName}`,
      localName,
      ...(owner ? { ownerType: owner.ownerType, ownerId: owner.ownerId } : {}),
      ownerPath,
      timestamp: this.now(),
      data
    }
    this.onEvent(event)
  }
}

// Fresh segments, so a caller mutating its array later cannot rewrite an event already sent.
function copyOwnerPath(ownerPath: readonly IOwnerPathSegment[]): IOwnerPathSegment[] {
  return ownerPath.map(({ ownerType, ownerId }) => ({ ownerType, ownerId }))
}
