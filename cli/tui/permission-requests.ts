import type { TPermissionAnswer, TPermissionHandler, TPermissionRequest } from '../../lib/session/permission-enforcer-types.ts'

type TPending = { request: TPermissionRequest; resolve: (answer: TPermissionAnswer) => void }

/**
 * Carries the session's permission questions to the screen: `handler` is the session's
 * permission handler, the prompt component reads `current()` and calls `answer` for it.
 * Questions wait in order; one the run's abort withdrew is answered `deny` and leaves the screen.
 */
export class PermissionRequests {
  private readonly pending: TPending[] = []
  private readonly listeners = new Set<() => void>()

  readonly handler: TPermissionHandler = (request, signal) =>
    new Promise<TPermissionAnswer>((resolve) => {
      if (signal?.aborted) return resolve('deny')
      const entry: TPending = { request, resolve }
      const withdraw = () => this.settle(entry, 'deny')
      signal?.addEventListener('abort', withdraw, { once: true })
      entry.resolve = (answer) => {
        signal?.removeEventListener('abort', withdraw)
        resolve(answer)
      }
      this.pending.push(entry)
      this.notify()
    })

  /** The question on screen, if any. */
  current(): TPermissionRequest | undefined {
    return this.pending[0]?.request
  }

  /**
   * Answers the question about `toolCallId`. An answer to a question already settled is ignored:
   * a key pressed twice must not answer the next question, which the person has not seen yet.
   */
  answer(toolCallId: string, answer: TPermissionAnswer): void {
    const entry = this.pending.find((candidate) => candidate.request.toolCallId === toolCallId)
    if (entry) this.settle(entry, answer)
  }

  /** Calls `listener` whenever the question on screen changes; returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private settle(entry: TPending, answer: TPermissionAnswer): void {
    const index = this.pending.indexOf(entry)
    if (index === -1) return
    this.pending.splice(index, 1)
    entry.resolve(answer)
    this.notify()
  }

  private notify(): void {
    for (const listener of this.listeners) listener()
  }
}
