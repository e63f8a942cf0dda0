import type { Endpoint } from 'comlink'
import type { THostEvent } from '../lib/host/agent-host.ts'
import { HeartbeatMonitor, type THeartbeatOptions } from './heartbeat.ts'
import { wrapAgentHost, type IAgentHostConnection } from './wrap-agent-host.ts'

/** A started worker as the client sees it: where to talk, how it reports failure, how to end it. */
export type TAgentWorkerHandle = {
  endpoint: Endpoint
  /**
   * Registers a callback for the worker's own failure reports (a `Worker`'s `error` event):
   * `thrown` is the error its code threw, by class name, when the report names one.
   */
  onError(listener: (message: string, thrown?: TThrownInWorker) => void): void
  /** Ends the worker at once (`Worker.terminate()`), even one stuck in a loop. */
  close(): void
}

/** An error the worker's code threw and did not catch, as its `error` event names it. */
export type TThrownInWorker = { name: string; message: string }

/**
 * Why a connection was given up; `thrown` when the worker's own code threw (not when its script
 * could not be loaded).
 */
export type TConnectionLoss = { reason: 'unresponsive' | 'error' | 'terminated'; message: string; thrown?: TThrownInWorker }

/** What a connection needs from the client that owns it. */
export type TConnectionParts = {
  handle: TAgentWorkerHandle
  /** Heartbeat timing, or `false` to rely on `error` events alone. */
  heartbeat: THeartbeatOptions | false
  /** Receives every event batch of the host behind the connection. */
  onEvents: (events: THostEvent[]) => Promise<void>
  /** Called once, when the connection is lost (not when it is closed on purpose). */
  onLost: (connection: AgentWorkerConnection, loss: TConnectionLoss) => void
}

/** How long an `error` event gives the worker to prove it still answers (at most). */
const ERROR_PROBE_MS = 1_000

/**
 * One worker and the host behind it: watched by heartbeats and by its `error` event, subscribed
 * once for events. Calls raced against it (`race`) stop waiting when the worker is found dead or
 * hung, or the connection is closed, for answers that will never come.
 */
export class AgentWorkerConnection {
  readonly host: IAgentHostConnection
  private readonly monitor: HeartbeatMonitor | undefined
  private alive = true
  private answered = false
  // The calls waiting on this connection, told of its loss. Not a `lost.then` per call: a reaction
  // on a promise that settles only at the end keeps every call's answer alive until then.
  private readonly waiting = new Set<(loss: TConnectionLoss) => void>()
  private loss: TConnectionLoss | undefined

  constructor(private readonly parts: TConnectionParts) {
    const { handle } = parts
    this.host = wrapAgentHost(handle.endpoint, () => handle.close())
    this.monitor = parts.heartbeat
      ? new HeartbeatMonitor(handle.endpoint, parts.heartbeat, () =>
          this.fail({ reason: 'unresponsive', message: 'The agent worker stopped answering heartbeats.' })
        )
      : undefined
    handle.onError((message, thrown) => void this.checkAfterError(message, thrown))
    this.monitor?.start()
    // Subscribed at once, so no batch of the new worker is missed while listeners reattach.
    void this.host
      .subscribe((events) => parts.onEvents(events))
      .then(() => (this.answered = true))
      .catch(() => undefined)
  }

  /** True once the worker has answered a call: its code loaded and ran. */
  get hasAnswered(): boolean {
    return this.answered
  }

  /** True until the connection is lost or closed. */
  get isAlive(): boolean {
    return this.alive
  }

  /** Resolves with the call's outcome, or with the loss when the connection goes first. */
  race<TValue>(call: Promise<TValue>): Promise<{ settled: true; value: TValue } | { settled: false; loss: TConnectionLoss }> {
    return new Promise((resolve, reject) => {
      const onLoss = (loss: TConnectionLoss) => resolve({ settled: false, loss })
      if (this.loss) onLoss(this.loss)
      else this.waiting.add(onLoss)
      call.then((value) => resolve({ settled: true, value }), reject).finally(() => this.waiting.delete(onLoss))
    })
  }

  /** Ends the worker on purpose; pending calls see a `terminated` loss. */
  close(message = 'The agent client was terminated.'): void {
    if (!this.end()) return
    this.lose({ reason: 'terminated', message })
  }

  private fail(loss: TConnectionLoss): void {
    if (!this.end()) return
    this.parts.onLost(this, loss)
    this.lose(loss)
  }

  private lose(loss: TConnectionLoss): void {
    this.loss = loss
    for (const tell of this.waiting) tell(loss)
    this.waiting.clear()
  }

  private end(): boolean {
    if (!this.alive) return false
    this.alive = false
    this.monitor?.stop()
    this.host.terminate()
    return true
  }

  private async checkAfterError(message: string, thrown: TThrownInWorker | undefined): Promise<void> {
    // An uncaught error in a callback leaves the worker running; only one that stopped it counts.
    const probeMs = this.parts.heartbeat ? Math.min(ERROR_PROBE_MS, this.parts.heartbeat.timeoutMs / 2) : 0
    if (this.monitor && (await this.monitor.probe(probeMs))) return
    this.fail({ reason: 'error', message: `The agent worker failed: ${message}`, ...(thrown ? { thrown } : {}) })
  }
}
