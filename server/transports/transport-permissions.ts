import * as z from 'zod'
import { createId } from '../../lib/core/create-id.ts'
import type { TPermissionAnswer, TPermissionHandler, TPermissionRequest } from '../../lib/session/permission-enforcer-types.ts'

/** A permission answer as a client sends it: `"allow_once"`, `"deny"` or `{ "allowForSession": pattern }`. */
export const permissionAnswerSchema: z.ZodType<TPermissionAnswer> = z.union([
  z.literal('allow_once'),
  z.literal('deny'),
  z.object({ allowForSession: z.string().min(1) }).strict()
], { error: 'expected "allow_once", "deny" or { "allowForSession": "<pattern>" }' })

type TPending = { resolve: (answer: TPermissionAnswer) => void; cleanup: () => void }

/**
 * The permission prompts a transport has sent its client and waits on. Its `handler` goes into
 * the session's `permissionHandler`: each request gets an id, is announced through `announce`,
 * and waits for `answer(id, …)`. An aborted run, or `denyAll()` as the transport stops, denies.
 */
export class TransportPermissions {
  private readonly pending = new Map<string, TPending>()

  constructor(private readonly announce: (id: string, request: TPermissionRequest) => void) {}

  /** The session's `permissionHandler`. */
  readonly handler: TPermissionHandler = (request, signal) =>
    new Promise<TPermissionAnswer>((resolve) => {
      if (signal?.aborted) return resolve('deny')
      const id = createId()
      const onAbort = () => this.settle(id, 'deny')
      signal?.addEventListener('abort', onAbort, { once: true })
      this.pending.set(id, { resolve, cleanup: () => signal?.removeEventListener('abort', onAbort) })
      this.announce(id, request)
    })

  /** Answers a waiting request; false when no request has that id (answered already, or never asked). */
  answer(id: string, answer: TPermissionAnswer): boolean {
    return this.settle(id, answer)
  }

  /** Ids of the requests still waiting. */
  waiting(): string[] {
    return [...this.pending.keys()]
  }

  /** Denies every waiting request. */
  denyAll(): void {
    for (const id of [...this.pending.keys()]) this.settle(id, 'deny')
  }

  private settle(id: string, answer: TPermissionAnswer): boolean {
    const pending = this.pending.get(id)
    if (!pending) return false
    this.pending.delete(id)
    pending.cleanup()
    pending.resolve(answer)
    return true
  }
}
