import type { Endpoint } from 'comlink'

const HEARTBEAT = 'robota:heartbeat'

type THeartbeatMessage = { type: typeof HEARTBEAT; beat: number }

/** How often the client asks the worker for a sign of life, and how long an answer may take. */
export type THeartbeatOptions = {
  /** Pause between heartbeats, in milliseconds. */
  intervalMs: number
  /** A heartbeat unanswered for this long means the worker is dead or hung. */
  timeoutMs: number
}

function isHeartbeat(data: unknown): data is THeartbeatMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === HEARTBEAT
}

/**
 * Echoes the client's heartbeats from inside the worker. They answer from the worker's event
 * loop, so a loop stuck in a long task stops answering. Comlink ignores these messages: their
 * `type` is none of its own. Returns a function that stops answering.
 */
export function answerHeartbeats(endpoint: Endpoint): () => void {
  const onMessage = (event: MessageEvent) => {
    if (isHeartbeat(event.data)) endpoint.postMessage({ type: HEARTBEAT, beat: event.data.beat })
  }
  endpoint.addEventListener('message', onMessage as EventListener)
  endpoint.start?.()
  return () => endpoint.removeEventListener('message', onMessage as EventListener)
}

/**
 * Sends heartbeats to a worker and reports, once, when one goes unanswered for `timeoutMs`.
 * Only a heartbeat still outstanding counts: a page whose timers are throttled (a background
 * tab) checks late, but never mistakes a late check for a silent worker.
 */
export class HeartbeatMonitor {
  private nextBeat = 1
  private outstanding: { beat: number; sentAt: number } | undefined
  private timer: ReturnType<typeof setInterval> | undefined
  private readonly answered = new Set<() => void>()
  private readonly onMessage = (event: MessageEvent) => {
    if (!isHeartbeat(event.data)) return
    this.outstanding = undefined
    for (const resolve of this.answered) resolve()
    this.answered.clear()
  }

  constructor(
    private readonly endpoint: Endpoint,
    private readonly options: THeartbeatOptions,
    private readonly onMissed: () => void
  ) {}

  /** Starts the heartbeats. */
  start(): void {
    this.endpoint.addEventListener('message', this.onMessage as EventListener)
    this.endpoint.start?.()
    this.timer = setInterval(() => this.tick(), this.options.intervalMs)
    this.send()
  }

  /** Stops the heartbeats; `onMissed` is not called afterwards. */
  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer)
    this.timer = undefined
    this.endpoint.removeEventListener('message', this.onMessage as EventListener)
    for (const resolve of this.answered) resolve()
    this.answered.clear()
  }

  /** Sends a heartbeat now; resolves `true` when the worker answers within `timeoutMs`. */
  probe(timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timeout = setTimeout(() => {
        this.answered.delete(onAnswer)
        resolve(false)
      }, timeoutMs)
      const onAnswer = () => {
        clearTimeout(timeout)
        resolve(true)
      }
      this.answered.add(onAnswer)
      this.send()
    })
  }

  private tick(): void {
    if (this.outstanding === undefined) return this.send()
    if (Date.now() - this.outstanding.sentAt < this.options.timeoutMs) return
    this.stop()
    this.onMissed()
  }

  private send(): void {
    const beat = this.nextBeat++
    this.outstanding ??= { beat, sentAt: Date.now() }
    this.endpoint.postMessage({ type: HEARTBEAT, beat })
  }
}
