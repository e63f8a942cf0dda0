import { createId } from '../core/create-id.ts'
import { ValidationError } from '../core/errors.ts'
import type { THostEvent, TPendingPermission } from './agent-host.ts'
import { describeBadAnswer, isPermissionAnswer } from '../session/permission-answer.ts'
import type { TPermissionAnswer, TPermissionHandler, TPermissionRequest } from '../session/permission-enforcer-types.ts'

type TPendingRequest = { sessionId: string; request: TPermissionRequest; settle: (answer: TPermissionAnswer) => void }

/**
 * Carries permission prompts from a running session to whoever watches the host (the page) and
 * their answers back. A prompt the run stops waiting for (abort, end of turn) is answered deny; one
 * asked while nobody watches the host fails at once, so the turn goes on instead of waiting forever.
 * A subagent run's prompt is the session's and the run's too: published for both, listed with
 * either's waiting prompts, and answered from either, so a page that has the run open asks there.
 */
export class PermissionBroker {
  private readonly pending = new Map<string, TPendingRequest>()

  /** @param watched Whether anyone is subscribed to the host's events to see a prompt. */
  constructor(
    private readonly publish: (event: THostEvent) => void,
    private readonly watched: () => boolean = () => true
  ) {}

  /** The permission handler of one session. */
  handlerFor(sessionId: string): TPermissionHandler {
    return (request, signal) =>
      new Promise<TPermissionAnswer>((resolve, reject) => {
        if (signal?.aborted) return resolve('deny')
        if (!this.watched()) return reject(new Error('no one is subscribed to the host to answer it (subscribe to its events, or choose a permissionMode)'))
        const requestId = createId()
        const asking = sessionsAsking({ sessionId, request })
        const settle = (answer: TPermissionAnswer) => {
          if (!this.pending.delete(requestId)) return
          signal?.removeEventListener('abort', onAbort)
          for (const id of asking) this.publish({ kind: 'permission_settled', sessionId: id, requestId, answer })
          resolve(answer)
        }
        const onAbort = () => settle('deny')
        signal?.addEventListener('abort', onAbort, { once: true })
        this.pending.set(requestId, { sessionId, request, settle })
        for (const id of asking) this.publish({ kind: 'permission_request', sessionId: id, requestId, request })
      })
  }

  /** The prompts a session still waits on, oldest first. */
  pendingFor(sessionId: string): TPendingPermission[] {
    return [...this.pending].filter(([, pending]) => sessionsAsking(pending).includes(sessionId)).map(([requestId, { request }]) => ({ requestId, request }))
  }

  /** Answers a waiting prompt; an answer it cannot take is refused and the prompt keeps waiting. */
  answer(sessionId: string, requestId: string, answer: TPermissionAnswer): void {
    const request = this.pending.get(requestId)
    if (!request || !sessionsAsking(request).includes(sessionId)) {
      throw new ValidationError(`No permission prompt "${requestId}" is waiting in session ${sessionId}.`)
    }
    if (!isPermissionAnswer(answer)) {
      throw new ValidationError(`answerPermission was given ${describeBadAnswer(answer)}.`)
    }
    request.settle(answer)
  }

  /** Answers deny to every prompt a session still has open. */
  denyAll(sessionId: string): void {
    for (const request of [...this.pending.values()]) if (request.sessionId === sessionId) request.settle('deny')
  }
}

// The session whose turn asks and, for a subagent's call, the run it is made in.
function sessionsAsking({ sessionId, request }: Pick<TPendingRequest, 'sessionId' | 'request'>): string[] {
  const run = request.subagent?.sessionId
  return run === undefined || run === sessionId ? [sessionId] : [sessionId, run]
}
