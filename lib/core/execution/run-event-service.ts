import { bindWithOwnerPath } from '../event-service/bind-with-owner-path.ts'
import { DEFAULT_EVENT_SERVICE } from '../event-service/default-event-service.ts'
import type { TEventContext, IEventService, TEventData } from '../event-service/event-service.ts'

// An observer's failure must not change the run it watches, as a plugin's never does.
class GuardedEventService implements IEventService {
  constructor(private readonly inner: IEventService) {}

  get ownerPath() {
    return this.inner.ownerPath
  }

  emit(eventType: string, data: TEventData, context?: TEventContext): void {
    try {
      this.inner.emit(eventType, data, context)
    } catch {
      // Ignored on purpose; see above.
    }
  }
}

/**
 * The agent's event service, bound to `{ ownerType: 'agent', ownerId: agentName }`, or the null
 * object when the agent has none. A service that throws is ignored rather than breaking a run.
 */
export function toAgentEventService(service: IEventService | undefined, agentName: string): IEventService {
  if (!service) return DEFAULT_EVENT_SERVICE
  return bindWithOwnerPath(new GuardedEventService(service), { ownerType: 'agent', ownerId: agentName })
}

/** One run's service: its events are `execution.*`, with the path `[agent, execution]`. */
export function toExecutionEventService(agentEvents: IEventService, executionId: string): IEventService {
  if (agentEvents === DEFAULT_EVENT_SERVICE) return agentEvents
  return bindWithOwnerPath(agentEvents, { ownerType: 'execution', ownerId: executionId })
}

/** One tool call's service: its events are `tool.*`, with the path `[agent, execution, tool]`. */
export function toToolEventService(executionEvents: IEventService, toolCallId: string): IEventService {
  if (executionEvents === DEFAULT_EVENT_SERVICE) return executionEvents
  return bindWithOwnerPath(executionEvents, { ownerType: 'tool', ownerId: toolCallId })
}
