/**
 * Who owns which session of a remote host: the port an app implements to keep ownership where its
 * sessions are (a table beside a PostgreSQL store), so they stay their users' across restarts.
 * Each method may answer at once or with a promise.
 */
export interface ISessionOwners {
  /** Gives `sessionId` to `principal`: it was just created, forked or imported by them. */
  assign(sessionId: string, principal: string): void | Promise<void>
  /** Whether `principal` owns `sessionId`. */
  owns(principal: string, sessionId: string): boolean | Promise<boolean>
  /** Forgets a deleted session. */
  release(sessionId: string): void | Promise<void>
}

/** Ownership in the server's memory: what `serveAgentHost` keeps unless given `owners`. Lost on restart. */
export class InMemorySessionOwners implements ISessionOwners {
  private readonly owners = new Map<string, string>()

  assign(sessionId: string, principal: string): void {
    this.owners.set(sessionId, principal)
  }

  owns(principal: string, sessionId: string): boolean {
    return this.owners.get(sessionId) === principal
  }

  release(sessionId: string): void {
    this.owners.delete(sessionId)
  }
}

/**
 * Ownership where one principal is all there is (one shared `token`): every session of the host is
 * theirs, those stored before a restart included.
 */
export const SOLE_PRINCIPAL_OWNERS: ISessionOwners = {
  assign: () => undefined,
  owns: () => true,
  release: () => undefined
}
