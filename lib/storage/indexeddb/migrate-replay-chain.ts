import type { TExecutionEventEnvelope } from '../../core/execution-events.ts'
import { GENESIS_HASH, hashReplayEvent } from '../replay-log/hash-chain.ts'

/**
 * Walks every stored event in key order (session, then seq) and writes the chain links onto it,
 * restarting the chain at each new session. Runs inside the upgrade transaction, so a failure
 * leaves the database at its old version; calls `onDone` once the last event is rewritten.
 */
export function chainReplayEventsInPlace(events: IDBObjectStore, onDone: () => void = () => undefined): void {
  let sessionId: string | undefined
  let previousHash = GENESIS_HASH
  const request = events.openCursor()
  request.onsuccess = () => {
    const cursor = request.result
    if (!cursor) {
      onDone()
      return
    }
    const envelope = cursor.value as TExecutionEventEnvelope & { prevHash?: string; hash?: string }
    if (envelope.sessionId !== sessionId) {
      sessionId = envelope.sessionId
      previousHash = GENESIS_HASH
    }
    const { prevHash: _prevHash, hash: _hash, ...bare } = envelope
    const hash = hashReplayEvent(previousHash, bare as TExecutionEventEnvelope)
    cursor.update({ ...bare, prevHash: previousHash, hash })
    previousHash = hash
    cursor.continue()
  }
}
