/**
 * Which principal each session served over the socket belongs to. Sessions are created through
 * the remote host, so it records their owner then; a session it has no owner for (made before the
 * server started, or by another program on the same store) is nobody's and refused to everyone.
 */
export class SessionOwners {
  private readonly owners = new Map<string, string>()

  /** Gives `sessionId` to `principal`. */
  assign(sessionId: string, principal: string): void {
    this.owners.set(sessionId, principal)
  }

  /** Whether `principal` owns `sessionId`. */
  owns(principal: string, sessionId: string): boolean {
    return this.owners.get(sessionId) === principal
  }

  /** Forgets a deleted session. */
  release(sessionId: string): void {
    this.owners.delete(sessionId)
  }
}
