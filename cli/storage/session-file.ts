import * as z from 'zod'
import { StorageError } from '../../lib/core/errors.ts'
import type { TReplayLogHead } from '../../lib/storage/replay-log/hash-chain.ts'
import type { TStoredReplayEvent } from '../../lib/storage/replay-log/stored-replay-event.ts'
import { parseExecutionEvents, parseSessionRecord } from '../../lib/storage/parse-session-record.ts'
import type { TSessionRecord } from '../../lib/storage/session-store.ts'

/** Version of the session file layout, written into every file. */
export const SESSION_FILE_VERSION = 1

/**
 * One session as a file holds it: the record, the store's head of the log, and the hash-chained
 * events. One file per session, replaced whole, so a commit lands entirely or not at all.
 */
export type TSessionFile = {
  version: typeof SESSION_FILE_VERSION
  record: TSessionRecord
  head: TReplayLogHead | undefined
  events: TStoredReplayEvent[]
}

const chainLinkSchema = z.object({ prevHash: z.string().regex(/^[0-9a-f]{64}$/), hash: z.string().regex(/^[0-9a-f]{64}$/) })
const headSchema = z.object({ recordCount: z.int().nonnegative(), lastHash: z.string() })
const fileSchema = z.object({
  version: z.literal(SESSION_FILE_VERSION),
  record: z.unknown(),
  head: headSchema.optional(),
  events: z.array(z.unknown())
})

/**
 * Reads a session file's text: the record, the events and their chain links are validated.
 * @throws StorageError naming the session and what is wrong.
 */
export function parseSessionFile(text: string, sessionId: string): TSessionFile {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new StorageError(`Session "${sessionId}" is corrupt: its file is not valid JSON`, { details: { sessionId }, cause: error })
  }
  const shape = fileSchema.safeParse(value)
  if (!shape.success) {
    const issue = shape.error.issues[0]
    throw new StorageError(`Session "${sessionId}" is corrupt: ${issue?.path.join('.') || 'file'}: ${issue?.message ?? 'invalid'}`, {
      details: { sessionId }
    })
  }
  const record = parseSessionRecord(shape.data.record, sessionId)
  parseExecutionEvents(shape.data.events, sessionId)
  shape.data.events.forEach((event, index) => {
    if (!chainLinkSchema.safeParse(event).success) {
      throw new StorageError(`Replay event ${index} of session "${sessionId}" is corrupt: its hash chain links are missing`, {
        details: { sessionId, index }
      })
    }
  })
  return { version: SESSION_FILE_VERSION, record, head: shape.data.head, events: shape.data.events as TStoredReplayEvent[] }
}

/** The text a session file holds. */
export function serializeSessionFile(file: TSessionFile): string {
  return `${JSON.stringify(file)}\n`
}
