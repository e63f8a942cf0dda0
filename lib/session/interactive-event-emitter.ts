import type { IInteractiveSessionEvents, TInteractiveSessionEventName } from './interactive-session-types.ts'

type TListenerMap = { [K in TInteractiveSessionEventName]: Set<IInteractiveSessionEvents[K]> }

/**
 * Typed listeners of an interactive session. A listener that throws does not stop the others or
 * the session: its error goes to the `error` listeners (unless it was one of them).
 */
export class InteractiveEventEmitter {
  private readonly listeners: TListenerMap = {
    text_delta: new Set(),
    tool_start: new Set(),
    tool_end: new Set(),
    thinking: new Set(),
    complete: new Set(),
    error: new Set(),
    context_update: new Set(),
    interrupted: new Set()
  }

  on<TName extends TInteractiveSessionEventName>(name: TName, listener: IInteractiveSessionEvents[TName]): void {
    this.listeners[name].add(listener)
  }

  off<TName extends TInteractiveSessionEventName>(name: TName, listener: IInteractiveSessionEvents[TName]): void {
    this.listeners[name].delete(listener)
  }

  /** How many listeners an event has. */
  count(name: TInteractiveSessionEventName): number {
    return this.listeners[name].size
  }

  emit<TName extends TInteractiveSessionEventName>(name: TName, ...args: Parameters<IInteractiveSessionEvents[TName]>): void {
    for (const listener of [...this.listeners[name]]) {
      try {
        ;(listener as (...values: Parameters<IInteractiveSessionEvents[TName]>) => void)(...args)
      } catch (error) {
        if (name !== 'error') this.emit('error', error instanceof Error ? error : new Error(String(error)))
      }
    }
  }
}
