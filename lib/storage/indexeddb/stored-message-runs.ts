import type { TUniversalMessage } from '../../core/messages.ts'
import { messageRange } from './session-key-ranges.ts'

/**
 * How many messages one value of `messages` holds at most. A commit writes what it appended as
 * one value (a turn's four messages), so a turn costs one put however long the session is; a
 * fork or an import of 4,000 messages costs 63 puts, not 4,000, each a round trip to the
 * browser's storage process. The cap keeps the value a window read starts in small: opening a
 * forked session reads its latest 60 messages from at most two values.
 */
export const MESSAGES_PER_RUN = 64

/**
 * One value of the `messages` store since schema 8: `messages` are the session's messages from
 * `index` on, keyed by `[sessionId, index]`. A session's runs cover its messages without gaps or
 * overlaps. Schema 7 wrote `{ sessionId, index, message }`, a run of one, read as such.
 */
export type TStoredMessageRun = { sessionId: string; index: number; messages: TUniversalMessage[] }

type TMessageStore = {
  put(value: TStoredMessageRun): Promise<unknown>
  delete(range: IDBKeyRange): Promise<unknown>
}

type TMessageReader = {
  openKeyCursor(range: IDBKeyRange, direction: IDBCursorDirection): Promise<{ key: [string, number] } | null>
  getAll(range: IDBKeyRange): Promise<unknown[]>
}

/**
 * Queues the puts that store `messages` from `from` on as runs of at most `MESSAGES_PER_RUN`;
 * `replacing` first deletes every stored value from `from` on (an append has none to delete).
 * Returns the queued requests.
 */
export function putMessageRuns(store: TMessageStore, sessionId: string, messages: readonly TUniversalMessage[], from: number, replacing: boolean): Promise<unknown>[] {
  const requests: Promise<unknown>[] = replacing ? [store.delete(messageRange(sessionId, from))] : []
  for (let index = from; index < messages.length; index += MESSAGES_PER_RUN) {
    requests.push(store.put({ sessionId, index, messages: messages.slice(index, index + MESSAGES_PER_RUN) }))
  }
  return requests
}

/**
 * Where the stored value holding message `index` of a session starts: the greatest stored key at
 * or below `index`, or `index` itself when none is. A rewrite from there keeps runs whole.
 */
export async function runStartAt(store: Pick<TMessageReader, 'openKeyCursor'>, sessionId: string, index: number): Promise<number> {
  // The store's key path makes every key `[sessionId, index]`.
  return (await store.openKeyCursor(messageRange(sessionId, 0, index + 1), 'prev'))?.key[1] ?? index
}

/**
 * The stored values that hold a session's messages `[from, to)`: the value that `from` falls
 * inside (it may start earlier) and those after it, read from `store` in the caller's transaction.
 */
export async function readMessageRuns(store: TMessageReader, sessionId: string, from: number, to: number): Promise<unknown[]> {
  return to > from ? store.getAll(messageRange(sessionId, await runStartAt(store, sessionId, from), to)) : []
}

/**
 * Puts each message of the stored values into `slots` at its index minus `offset`, when that
 * falls inside. A value that holds neither a run nor schema 7's single message leaves its slot
 * empty, so the record check reports that message as missing.
 */
export function placeStoredMessages(values: readonly unknown[], slots: unknown[], offset: number): void {
  for (const value of values) {
    const { index, messages, message } = (value ?? {}) as Partial<TStoredMessageRun> & { message?: unknown }
    const run: readonly unknown[] = Array.isArray(messages) ? messages : [message]
    run.forEach((stored, position) => {
      const slot = Number(index) + position - offset
      if (slot >= 0 && slot < slots.length) slots[slot] = stored
    })
  }
}
