import { fork, type ChildProcess } from 'node:child_process'
import type { TFakeLlmTurn } from '../../lib/testing/fake-llm/fake-llm-script.ts'
import type { TFakeLlmChildCommand, TFakeLlmChildReport } from './fake-llm-child.ts'
import { nodeEpochNow, type TClockOffset } from './page-clock-offset.ts'

/** What starts the server process: its bundled script and the server's options. */
export type TFakeLlmProcessOptions = { script: string; apiKey: string; eventDelayMs: number; markerPattern: string }

/** A request as the server process noted it, on its own clock. */
export type TNotedRequest = { method: string; path: string; receivedAt: number }

/** The fake LLM server running in a child process (see fake-llm-child.ts), and what it reported. */
export class FakeLlmProcess {
  /** When the first event containing each marker was written, on the server process's clock. */
  readonly firstWrites = new Map<string, number>()
  private readonly waiting = new Map<string, (report: TFakeLlmChildReport) => void>()

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string
  ) {
    child.on('message', (report: TFakeLlmChildReport) => {
      if (report.type === 'first-write') this.firstWrites.set(report.marker, report.writtenAt)
      const key = report.type === 'clock' ? `clock:${report.id}` : report.type
      this.waiting.get(key)?.(report)
    })
  }

  /** Forks the server process and resolves once it listens. */
  static async start(options: TFakeLlmProcessOptions): Promise<FakeLlmProcess> {
    const child = fork(options.script, [options.apiKey, String(options.eventDelayMs), options.markerPattern], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
    const ready = await new Promise<TFakeLlmChildReport>((resolve, reject) => {
      child.once('message', resolve)
      child.once('exit', (code) => reject(new Error(`The fake LLM server process exited with ${String(code)} before it listened.`)))
    })
    if (ready.type !== 'ready') throw new Error(`The fake LLM server process said ${ready.type} before it listened.`)
    return new FakeLlmProcess(child, ready.url)
  }

  /** Adds a turn to the server's script. */
  enqueue(turn: TFakeLlmTurn): void {
    this.send({ type: 'enqueue', turn })
  }

  /** Every request the server received, in order. */
  async requests(): Promise<TNotedRequest[]> {
    const report = await this.ask('requests', { type: 'requests' })
    return report.type === 'requests' ? report.requests : []
  }

  /** How far the server process's clock is ahead of this one's, over the shortest of `rounds` round trips. */
  async measureClockOffset(rounds = 25): Promise<TClockOffset> {
    let best: TClockOffset = { aheadMs: 0, uncertaintyMs: Number.POSITIVE_INFINITY }
    for (let id = 0; id < rounds; id++) {
      const sent = nodeEpochNow()
      const report = await this.ask(`clock:${id}`, { type: 'clock', id })
      const received = nodeEpochNow()
      const uncertaintyMs = (received - sent) / 2
      if (report.type === 'clock' && uncertaintyMs < best.uncertaintyMs) best = { aheadMs: report.now - (sent + received) / 2, uncertaintyMs }
    }
    return best
  }

  /** Stops the server and its process. */
  async close(): Promise<void> {
    if (this.child.exitCode !== null) return
    const exited = new Promise((resolve) => this.child.once('exit', resolve))
    this.send({ type: 'close' })
    await exited
  }

  private ask(key: string, command: TFakeLlmChildCommand): Promise<TFakeLlmChildReport> {
    const answered = new Promise<TFakeLlmChildReport>((resolve) => this.waiting.set(key, resolve))
    this.send(command)
    return answered.finally(() => this.waiting.delete(key))
  }

  private send(command: TFakeLlmChildCommand): void {
    this.child.send(command)
  }
}
