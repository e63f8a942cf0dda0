/** One step of the owner hierarchy an event came through, such as `{ ownerType: 'agent', ownerId: 'a1' }`. */
export type IOwnerPathSegment = {
  /** The kind of owner: `agent`, `tool`, `execution`, … */
  ownerType: string
  ownerId: string
}

/** Event payload: plain data, so events survive structured clone. */
export type TEventData = Readonly<Record<string, unknown>>

/** Extra facts about one emission. */
export type TEventContext = {
  /** The emitter's full owner path, root first. A bound service fills it in. */
  ownerPath?: readonly IOwnerPathSegment[]
}

/** An emitted event as it reaches a listener: a plain, serializable object. */
export type TStructuredEvent = {
  /** Full name, `ownerType.localName`, such as `tool.execute_start`. */
  type: string
  /** The name the emitter used, without the owner prefix. */
  localName: string
  /** The emitting owner: the last segment of `ownerPath`, absent at the root. */
  ownerType?: string
  ownerId?: string
  /** Every owner from the root down to the emitter. */
  ownerPath: IOwnerPathSegment[]
  timestamp: number
  data: TEventData
}

/** Receives structured events in emission order. */
export type TStructuredEventListener = (event: TStructuredEvent) => void

/** The event port: anything that accepts named events. Adapters decide where they go. */
export interface IEventService {
  /** The owner path this service's events carry, when it is bound to one. */
  readonly ownerPath?: readonly IOwnerPathSegment[]
  /** Emits one event; `eventType` is the local name unless it already carries the owner prefix. */
  emit(eventType: string, data: TEventData, context?: TEventContext): void
}
