import * as Comlink from 'comlink'
import type { THostEvent } from '../lib/host/agent-host.ts'
import type { TPermissionAnswer } from '../lib/session/permission-enforcer-types.ts'
import type { ISessionStore } from '../lib/storage/session-store.ts'
import type { TAgentWorkerHandle } from './agent-worker-connection.ts'
import { createPlaygroundHost } from '../playground/worker/playground-agent.ts'
import { registerErrorTransfer } from './error-transfer.ts'
import { registerHostEventTransfer } from './host-event-transfer.ts'
import { answerHeartbeats } from './heartbeat.ts'
import { MultiTabAgentHost } from './multi-tab-agent-host.ts'
import type { ISessionLocks, TSessionLock } from './session-locks.ts'

/** One browser tab's worker, played in-thread: its host, the events it delivered, and death. */
export type TSimulatedTab = {
  host: MultiTabAgentHost
  batches: THostEvent[][]
  /** The events delivered so far, flattened. */
  events(): THostEvent[]
  /** Answers the first unanswered prompt of `sessionId` delivered from event `fromIndex` on, once it shows up. */
  answerNextPrompt(sessionId: string, answer: TPermissionAnswer, fromIndex?: number): Promise<void>
  /** Dies like a terminated worker: its locks are released, it hears and says nothing more. */
  kill(): void
}

/**
 * Locks of one simulated worker over locks shared by all: like the Web Locks API, everything the
 * worker held or waited for goes when the worker ends.
 */
function locksOfOneWorker(shared: ISessionLocks): { locks: ISessionLocks; releaseAll(): void } {
  const held = new Set<TSessionLock>()
  const waiting = new AbortController()
  const track = (lock: TSessionLock): TSessionLock => {
    const tracked = { release: () => (held.delete(tracked), lock.release()) }
    held.add(tracked)
    return tracked
  }
  return {
    locks: {
      tryAcquire: async (name) => {
        const lock = await shared.tryAcquire(name)
        return lock && track(lock)
      },
      acquire: async (name, signal) => track(await shared.acquire(name, AbortSignal.any([signal, waiting.signal]))),
      isHeld: (name) => shared.isHeld(name)
    },
    releaseAll: () => {
      waiting.abort()
      for (const lock of [...held]) lock.release()
    }
  }
}

/** Starts a simulated tab over a store, locks and a BroadcastChannel name shared by all tabs. */
export function startSimulatedTab(
  shared: { store: ISessionStore; locks: ISessionLocks; channelName: string },
  timing: { demoDeltaDelayMs?: number; eventIntervalMs?: number } = {}
): TSimulatedTab {
  const { locks, releaseAll } = locksOfOneWorker(shared.locks)
  const broadcast = new BroadcastChannel(shared.channelName)
  const host = new MultiTabAgentHost({
    host: createPlaygroundHost({
      store: shared.store,
      demoDeltaDelayMs: timing.demoDeltaDelayMs ?? 0,
      eventIntervalMs: timing.eventIntervalMs ?? 2,
      closeInterruptedTurns: false
    }),
    store: shared.store,
    locks,
    broadcast
  })
  const batches: THostEvent[][] = []
  let alive = true
  void host.subscribe((events) => {
    if (alive) batches.push(events)
  })
  const events = () => batches.flat()
  return {
    host,
    batches,
    events,
    answerNextPrompt: async (sessionId, answer, fromIndex = 0) => {
      for (;;) {
        const all = events()
        const settled = new Set(all.flatMap((event) => (event.kind === 'permission_settled' ? [event.requestId] : [])))
        const prompt = all
          .slice(fromIndex)
          .find((event) => event.kind === 'permission_request' && event.sessionId === sessionId && !settled.has(event.requestId))
        if (prompt?.kind === 'permission_request') return host.answerPermission(sessionId, prompt.requestId, answer)
        await new Promise((resolve) => setTimeout(resolve, 2))
      }
    },
    kill: () => {
      alive = false
      host.dispose()
      broadcast.close()
      releaseAll()
    }
  }
}

/**
 * A "worker" for the client's supervisor: a simulated tab's host exposed with comlink over a
 * `MessageChannel`, answering heartbeats. `hang()` makes it answer nothing any more, heartbeats
 * included, as a worker stuck in a loop or gone would; `reportError` fires its `error` event.
 */
export function startSimulatedWorker(shared: { store: ISessionStore; locks: ISessionLocks; channelName: string }): {
  handle: TAgentWorkerHandle
  tab: TSimulatedTab
  hang(): void
  reportError(message: string): void
} {
  registerErrorTransfer()
  registerHostEventTransfer()
  const tab = startSimulatedTab(shared)
  const channel = new MessageChannel()
  Comlink.expose(tab.host, channel.port1)
  const stopHeartbeats = answerHeartbeats(channel.port1)
  const errorListeners: Array<(message: string) => void> = []
  return {
    tab,
    handle: {
      endpoint: channel.port2,
      onError: (listener) => void errorListeners.push(listener),
      close: () => {
        tab.kill()
        channel.port1.close()
        channel.port2.close()
      }
    },
    hang: () => {
      stopHeartbeats()
      channel.port1.close()
    },
    reportError: (message) => {
      for (const listener of errorListeners) listener(message)
    }
  }
}
