import type { CDPSession, Page } from '@playwright/test'

type TWorkerTarget = { sessionId: string; url: string }
type TProtocolReply = { id: number; result?: unknown; error?: { message: string } }

/**
 * The DevTools protocol of a page and of its dedicated workers: the page through a session of its
 * own, the workers through that session's auto-attach. Playwright keeps worker sessions to
 * itself, so the workers are reached the unflattened way (messages wrapped in
 * `Target.sendMessageToTarget`), beside Playwright's sessions and without disturbing them.
 */
export class WorkerDevTools {
  private readonly workers = new Map<string, TWorkerTarget>()
  private readonly replies = new Map<number, (reply: TProtocolReply) => void>()
  private nextId = 1

  private constructor(readonly pageSession: CDPSession) {
    pageSession.on('Target.attachedToTarget', ({ sessionId, targetInfo }) => {
      if (targetInfo.type === 'worker') this.workers.set(sessionId, { sessionId, url: targetInfo.url })
    })
    pageSession.on('Target.detachedFromTarget', ({ sessionId }) => {
      if (sessionId) this.workers.delete(sessionId)
    })
    pageSession.on('Target.receivedMessageFromTarget', ({ message }) => {
      const reply = JSON.parse(message) as Partial<TProtocolReply>
      if (typeof reply.id === 'number') this.replies.get(reply.id)?.(reply as TProtocolReply)
    })
  }

  /** Opens the page's DevTools session and attaches to its workers, those running and those to come. */
  static async attach(page: Page): Promise<WorkerDevTools> {
    const devtools = new WorkerDevTools(await page.context().newCDPSession(page))
    await devtools.pageSession.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false })
    return devtools
  }

  /** Sends a protocol command to the worker whose script URL contains `workerUrlPart`; resolves with its result. */
  async send(workerUrlPart: string, method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const worker = [...this.workers.values()].find((target) => target.url.includes(workerUrlPart))
    if (!worker) throw new Error(`No worker of the page has a URL containing "${workerUrlPart}" (${[...this.workers.values()].map((target) => target.url).join(', ') || 'none attached'}).`)
    const id = this.nextId++
    const reply = new Promise<TProtocolReply>((resolve) => this.replies.set(id, resolve))
    await this.pageSession.send('Target.sendMessageToTarget', { sessionId: worker.sessionId, message: JSON.stringify({ id, method, params }) })
    const { result, error } = await reply
    this.replies.delete(id)
    if (error) throw new Error(`${method} in the worker failed: ${error.message}`)
    return result
  }

  /** Stops watching workers and closes the page's session. */
  async detach(): Promise<void> {
    await this.pageSession.detach()
  }
}
