import type { CDPSession, Page } from '@playwright/test'

/** The JS heap in use of a page and of one of its workers, in bytes, after full collections. */
export type THeapReading = { pageBytes: number; workerBytes: number }

type TWorkerTarget = { sessionId: string; url: string }
type TProtocolReply = { id: number; result?: unknown; error?: { message: string } }

/**
 * Reads the JS heaps of a page and of its dedicated worker over the DevTools protocol: the page
 * through a session of its own, the worker through the page session's auto-attach. Playwright
 * keeps worker sessions to itself, so the worker's are reached the unflattened way (messages
 * wrapped in `Target.sendMessageToTarget`), beside Playwright's and without disturbing it.
 */
export class TargetHeaps {
  private readonly workers = new Map<string, TWorkerTarget>()
  private readonly replies = new Map<number, (reply: TProtocolReply) => void>()
  private nextId = 1

  private constructor(private readonly session: CDPSession) {
    session.on('Target.attachedToTarget', ({ sessionId, targetInfo }) => {
      if (targetInfo.type === 'worker') this.workers.set(sessionId, { sessionId, url: targetInfo.url })
    })
    session.on('Target.detachedFromTarget', ({ sessionId }) => {
      if (sessionId) this.workers.delete(sessionId)
    })
    session.on('Target.receivedMessageFromTarget', ({ message }) => {
      const reply = JSON.parse(message) as Partial<TProtocolReply>
      if (typeof reply.id === 'number') this.replies.get(reply.id)?.(reply as TProtocolReply)
    })
  }

  /** Opens the page's DevTools session and attaches to its workers, those running and those to come. */
  static async attach(page: Page): Promise<TargetHeaps> {
    const heaps = new TargetHeaps(await page.context().newCDPSession(page))
    await heaps.session.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false })
    return heaps
  }

  /** Collects garbage in the page and in the worker whose script URL contains `workerUrlPart`, then reads both heaps. */
  async read(workerUrlPart: string): Promise<THeapReading> {
    const worker = [...this.workers.values()].find((target) => target.url.includes(workerUrlPart))
    if (!worker) throw new Error(`No worker of the page has a URL containing "${workerUrlPart}" (${[...this.workers.values()].map((target) => target.url).join(', ') || 'none attached'}).`)
    // Twice: objects kept alive only by finalizers and weak maps go on the second pass.
    for (let pass = 0; pass < 2; pass++) {
      await this.session.send('HeapProfiler.collectGarbage')
      await this.sendToWorker(worker, 'HeapProfiler.collectGarbage')
    }
    const page = await this.session.send('Runtime.getHeapUsage')
    const inWorker = (await this.sendToWorker(worker, 'Runtime.getHeapUsage')) as { usedSize: number }
    return { pageBytes: page.usedSize, workerBytes: inWorker.usedSize }
  }

  /** Stops watching workers and closes the session. */
  async detach(): Promise<void> {
    await this.session.detach()
  }

  private async sendToWorker(worker: TWorkerTarget, method: string): Promise<unknown> {
    const id = this.nextId++
    const reply = new Promise<TProtocolReply>((resolve) => this.replies.set(id, resolve))
    await this.session.send('Target.sendMessageToTarget', { sessionId: worker.sessionId, message: JSON.stringify({ id, method, params: {} }) })
    const { result, error } = await reply
    this.replies.delete(id)
    if (error) throw new Error(`${method} in the worker failed: ${error.message}`)
    return result
  }
}
