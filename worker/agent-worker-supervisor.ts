import { RobotaError } from '../lib/core/errors.ts'
import { robotaErrorCodeOfName, robotaErrorOfCode } from '../lib/core/robota-error-of-code.ts'
import type { IAgentHost, THostEvent, THostEventListener } from '../lib/host/agent-host.ts'
import { AgentWorkerConnection, type TAgentWorkerHandle, type TConnectionLoss, type TThrownInWorker } from './agent-worker-connection.ts'
import type { THeartbeatOptions } from './heartbeat.ts'
import { SessionMemory } from './session-memory.ts'
import { WORKER_START_FAILURE } from './worker-start-failure.ts'

/** A worker restart, as `onRestart` listeners hear of it. */
export type TWorkerRestart = {
  /** Restarts so far, this one included. */
  restarts: number
  reason: 'unresponsive' | 'error'
  message: string
  /** Sessions whose turn was running when the worker went (subagent runs too); each got a `turn_interrupted` event. */
  interruptedSessionIds: string[]
}

/** What the supervisor is built from. */
export type TSupervisorOptions = {
  /** Starts a worker; called again for every restart. */
  startWorker: () => TAgentWorkerHandle
  heartbeat: THeartbeatOptions | false
  /** Restarts allowed before the client gives up and every call fails. */
  maxRestarts: number
}

/** What a call does when the worker is lost before it answers. */
export type TLostCallPolicy<TValue> =
  /** Run it again on the restarted worker (it is safe to repeat). */
  | { kind: 'retry' }
  /** Answer with this value once the worker is back (an abort with nothing left to abort, say). */
  | { kind: 'settle'; value: () => TValue }
  /** Fail: repeating it could do it twice. */
  | { kind: 'reject' }

/**
 * Keeps an agent host available across worker deaths: watches the current worker, starts a new
 * one when it dies or hangs, reattaches event listeners, reopens the sessions the page had open
 * (the new host resumes them from storage and closes off the interrupted turn), gives provider
 * choices back their in-memory keys, and tells listeners which turns were interrupted.
 */
export class AgentWorkerSupervisor {
  /** What the page did that a new worker must be told again. */
  readonly memory = new SessionMemory()
  private connection: AgentWorkerConnection | undefined
  private restarting: Promise<void> | undefined
  private restartCount = 0
  /** Whether any worker so far loaded and answered: if none did, the app's worker never started. */
  private everAnswered = false
  private failure: Error | undefined
  private terminated = false
  private readonly listeners = new Map<number, THostEventListener>()
  private readonly restartListeners = new Set<(restart: TWorkerRestart) => void>()
  private nextListenerId = 1

  constructor(private readonly options: TSupervisorOptions) {}

  /**
   * Starts the first worker, if none has started; without it the first call does, so a client made
   * where no worker can start (a page rendered on a server) starts nothing until it is used.
   */
  start(): void {
    this.current()
  }

  /** Restarts so far. */
  get restarts(): number {
    return this.restartCount
  }

  /** Calls `listener` after every restart; returns a function that stops it. */
  onRestart(listener: (restart: TWorkerRestart) => void): () => void {
    this.restartListeners.add(listener)
    return () => this.restartListeners.delete(listener)
  }

  /** Adds a page-side listener; it survives restarts. */
  subscribe(listener: THostEventListener): number {
    const id = this.nextListenerId++
    this.listeners.set(id, listener)
    return id
  }

  /** Removes a page-side listener. */
  unsubscribe(listenerId: number): void {
    this.listeners.delete(listenerId)
  }

  /** Runs `invoke` on the current host; when the worker is lost first, follows `policy`. */
  async call<TValue>(invoke: (host: IAgentHost) => Promise<TValue>, policy: TLostCallPolicy<TValue>): Promise<TValue> {
    // Without a restart under way the call goes out in the caller's task: a prompt submitted from
    // an event handler reaches the worker before the page renders the handler's updates.
    if (this.restarting) await this.ready()
    else this.assertUsable()
    const connection = this.current()
    const outcome = await connection.race(invoke(connection.host))
    if (outcome.settled) return outcome.value
    await this.ready()
    if (policy.kind === 'retry') return this.call(invoke, policy)
    if (policy.kind === 'settle') return policy.value()
    throw new RobotaError(`${outcome.loss.message} The call was not finished; try it again.`, 'ABORTED', 'system', true, {
      details: { reason: outcome.loss.reason }
    })
  }

  /** Stops the worker for good; later calls fail. */
  terminate(): void {
    this.terminated = true
    this.connection?.close()
  }

  private current(): AgentWorkerConnection {
    return (this.connection ??= this.connect(this.options.startWorker()))
  }

  private async ready(): Promise<void> {
    while (this.restarting) await this.restarting
    this.assertUsable()
  }

  private assertUsable(): void {
    if (this.terminated) throw new RobotaError('The agent client was terminated.', 'ABORTED', 'system', false)
    if (this.failure) throw this.failure
  }

  private connect(handle: TAgentWorkerHandle): AgentWorkerConnection {
    return new AgentWorkerConnection({
      handle,
      heartbeat: this.options.heartbeat,
      onEvents: (events) => this.dispatch(events),
      onLost: (connection, loss) => {
        // Started a tick later, so `restarting` is set before `restart` can clear it again.
        if (connection === this.connection && !this.restarting) this.restarting = Promise.resolve().then(() => this.restart(loss))
      }
    })
  }

  private async restart(firstLoss: TConnectionLoss): Promise<void> {
    const interrupted = this.memory.turnsInFlight()
    let loss = firstLoss
    try {
      for (;;) {
        this.everAnswered ||= this.connection?.hasAnswered === true
        // Code that threw before its worker ever answered throws the same in a new one: no restart.
        if (!this.everAnswered && loss.thrown) {
          this.failure = startFailure(loss, loss.thrown)
          return
        }
        if (this.restartCount >= this.options.maxRestarts) {
          const summary = this.everAnswered
            ? `${loss.message} It was restarted ${this.restartCount} times; the client gave up.`
            : `The agent worker never started (${this.restartCount + 1} tries): ${loss.message}`
          this.failure = new RobotaError(summary, 'ABORTED', 'system', false, {
            details: { reason: loss.reason }
          })
          return
        }
        this.restartCount++
        this.connection = this.connect(this.options.startWorker())
        const recovered = await this.connection.race(this.memory.restore(this.connection.host, interrupted))
        if (recovered.settled) break
        loss = recovered.loss
      }
    } catch (error) {
      this.failure = error instanceof Error ? error : new Error(String(error))
      return
    } finally {
      // Cleared before listeners hear of it, so a listener may call the host straight away.
      this.restarting = undefined
      const events: THostEvent[] = interrupted.map((sessionId) => ({ kind: 'turn_interrupted', sessionId, reason: 'worker_restarted' }))
      if (events.length > 0) await this.dispatch(events)
    }
    const restart: TWorkerRestart = { restarts: this.restartCount, reason: loss.reason === 'unresponsive' ? 'unresponsive' : 'error', message: loss.message, interruptedSessionIds: interrupted }
    for (const listener of this.restartListeners) listener(restart)
  }

  private async dispatch(events: THostEvent[]): Promise<void> {
    for (const event of events) this.memory.heard(event)
    for (const listener of [...this.listeners.values()]) {
      try {
        await listener(events)
      } catch {
        // One failing listener must not starve the others or stall the worker's batches.
      }
    }
  }
}

// Kept as the class the worker's code threw when it is a Robota error (a tool with a bad name).
function startFailure(loss: TConnectionLoss, thrown: TThrownInWorker): RobotaError {
  const message = loss.message.replace(/^The agent worker failed: /, WORKER_START_FAILURE)
  const code = robotaErrorCodeOfName(thrown.name)
  const details = { reason: loss.reason, thrownName: thrown.name }
  return code ? robotaErrorOfCode(code, { message, details }) : new RobotaError(message, 'ABORTED', 'system', false, { details })
}
