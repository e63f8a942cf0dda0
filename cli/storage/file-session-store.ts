import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { StorageError } from '../../lib/core/errors.ts'
import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import { assertCommittable, selectNewEvents } from '../../lib/storage/assert-committable.ts'
import { assertImportable } from '../../lib/storage/replay-log/assert-importable.ts'
import { selectEventWindow } from '../../lib/storage/replay-log/event-window.ts'
import { toReplayLogHead, type TReplayLogHead, type TReplayRecord } from '../../lib/storage/replay-log/hash-chain.ts'
import { chainForCommit, fromReplayRecord, toEnvelopes, toReplayRecord } from '../../lib/storage/replay-log/stored-replay-event.ts'
import { assertMessageWindow, selectMessageWindow } from '../../lib/storage/message-window.ts'
import type {
  ISessionStore,
  TCorruptSessionEntry,
  TEventWindow,
  TMessageWindow,
  TSessionHead,
  TSessionListing,
  TSessionRecord,
  TSessionSummary,
  TStoredMessageWindow
} from '../../lib/storage/session-store.ts'
import { sortNewestFirst, toSessionHead, toSessionSummary } from '../../lib/storage/session-summary.ts'
import { parseSessionFile, serializeSessionFile, SESSION_FILE_VERSION, type TSessionFile } from './session-file.ts'

const SESSION_SUFFIX = '.session.json'
const SNAPSHOT_SUFFIX = '.snapshot.json'
// Ids become file names: letters, digits, `-` and `_` only, so no id can name a path elsewhere.
const SAFE_ID = /^[A-Za-z0-9_-]{1,200}$/

/**
 * Keeps sessions as files in one directory (by default `~/.robota/sessions`): per session one
 * `<id>.session.json` with the record and the hash-chained replay log, replaced whole through a
 * temporary file and a rename so every commit is atomic, and `<id>.snapshot.json` for the
 * latest sandbox snapshot. Operations of one store run one at a time.
 */
export class FileSessionStore implements ISessionStore {
  private queue: Promise<unknown> = Promise.resolve()

  constructor(private readonly directory: string) {}

  /** The directory the sessions live in. */
  getDirectory(): string {
    return this.directory
  }

  commit(record: TSessionRecord, events: readonly TExecutionEventEnvelope[]): Promise<void> {
    return this.serialize(async () => {
      assertSafeId(record.id, 'commit')
      assertCommittable(record, events)
      const stored = await this.readFile(record.id)
      const previous = stored?.events ?? []
      const fresh = selectNewEvents(events, new Set(previous.map((event) => event.seq)))
      const chained = chainForCommit(record.id, previous.at(-1), fresh)
      const last = chained.at(-1)
      const head: TReplayLogHead | undefined = last
        ? { recordCount: (stored?.head?.recordCount ?? 0) + chained.length, lastHash: last.hash }
        : stored?.head
      await this.writeAtomically(this.sessionPath(record.id), serializeSessionFile({ version: SESSION_FILE_VERSION, record, head, events: [...previous, ...chained] }))
    })
  }

  importSession(record: TSessionRecord, records: readonly TReplayRecord[]): Promise<void> {
    return this.serialize(async () => {
      assertSafeId(record.id, 'import')
      if (await this.readText(this.sessionPath(record.id))) {
        throw new StorageError(`Cannot import session "${record.id}": a session with that id already exists.`, { details: { sessionId: record.id } })
      }
      assertImportable(record, records)
      const file: TSessionFile = { version: SESSION_FILE_VERSION, record, head: toReplayLogHead(records), events: records.map(fromReplayRecord) }
      await this.writeAtomically(this.sessionPath(record.id), serializeSessionFile(file))
    })
  }

  loadSession(id: string): Promise<TSessionRecord | undefined> {
    return this.serialize(async () => (await this.readFile(id))?.record)
  }

  loadSessionHead(id: string): Promise<TSessionHead | undefined> {
    return this.serialize(async () => {
      const record = (await this.readFile(id))?.record
      return record && toSessionHead(record)
    })
  }

  async loadMessageWindow(id: string, window: TMessageWindow): Promise<TStoredMessageWindow | undefined> {
    assertMessageWindow(window)
    return this.serialize(async () => {
      const record = (await this.readFile(id))?.record
      return record && selectMessageWindow(record, window)
    })
  }

  loadEvents(sessionId: string): Promise<TExecutionEventEnvelope[]> {
    return this.serialize(async () => toEnvelopes((await this.readFile(sessionId))?.events ?? [], sessionId))
  }

  loadEventWindow(sessionId: string, window: TEventWindow): Promise<TExecutionEventEnvelope[]> {
    return this.serialize(async () => selectEventWindow((await this.readFile(sessionId))?.events ?? [], window))
  }

  loadReplayLog(sessionId: string): Promise<TReplayRecord[]> {
    return this.serialize(async () => ((await this.readFile(sessionId))?.events ?? []).map(toReplayRecord))
  }

  loadReplayLogHead(sessionId: string): Promise<TReplayLogHead | undefined> {
    return this.serialize(async () => (await this.readFile(sessionId))?.head)
  }

  listSessions(): Promise<TSessionListing> {
    return this.serialize(async () => {
      const sessions: TSessionSummary[] = []
      const corrupt: TCorruptSessionEntry[] = []
      for (const name of await this.listNames()) {
        if (!name.endsWith(SESSION_SUFFIX)) continue
        const id = name.slice(0, -SESSION_SUFFIX.length)
        try {
          const file = await this.readFile(id)
          if (file) sessions.push(toSessionSummary(file.record))
        } catch (error) {
          corrupt.push({ id, reason: error instanceof Error ? error.message : String(error) })
        }
      }
      return { sessions: sortNewestFirst(sessions), corrupt }
    })
  }

  saveSandboxSnapshot(sessionId: string, snapshot: unknown): Promise<void> {
    return this.serialize(async () => {
      assertSafeId(sessionId, 'save the sandbox snapshot of')
      await this.writeAtomically(this.snapshotPath(sessionId), `${JSON.stringify({ snapshot })}\n`)
    })
  }

  loadSandboxSnapshot(sessionId: string): Promise<unknown> {
    return this.serialize(async () => {
      if (!SAFE_ID.test(sessionId)) return undefined
      const text = await this.readText(this.snapshotPath(sessionId))
      if (text === undefined) return undefined
      try {
        return (JSON.parse(text) as { snapshot?: unknown }).snapshot
      } catch (error) {
        throw new StorageError(`The sandbox snapshot of session "${sessionId}" is corrupt: not valid JSON`, { details: { sessionId }, cause: error })
      }
    })
  }

  deleteSession(id: string): Promise<void> {
    return this.serialize(async () => {
      if (!SAFE_ID.test(id)) return
      await rm(this.sessionPath(id), { force: true })
      await rm(this.snapshotPath(id), { force: true })
    })
  }

  private async readFile(id: string): Promise<TSessionFile | undefined> {
    if (!SAFE_ID.test(id)) return undefined
    const text = await this.readText(this.sessionPath(id))
    return text === undefined ? undefined : parseSessionFile(text, id)
  }

  private async readText(path: string): Promise<string | undefined> {
    try {
      return await readFile(path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw toStorageError(error, path)
    }
  }

  private async listNames(): Promise<string[]> {
    try {
      return await readdir(this.directory)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
      throw toStorageError(error, this.directory)
    }
  }

  private async writeAtomically(path: string, text: string): Promise<void> {
    const temporary = `${path}.${process.pid}.${Date.now()}.tmp`
    try {
      await mkdir(this.directory, { recursive: true, mode: 0o700 })
      await writeFile(temporary, text, { encoding: 'utf8', mode: 0o600 })
      await rename(temporary, path)
    } catch (error) {
      await rm(temporary, { force: true }).catch(() => undefined)
      throw toStorageError(error, path)
    }
  }

  private sessionPath(id: string): string {
    return join(this.directory, `${id}${SESSION_SUFFIX}`)
  }

  private snapshotPath(id: string): string {
    return join(this.directory, `${id}${SNAPSHOT_SUFFIX}`)
  }

  private serialize<TResult>(operation: () => Promise<TResult>): Promise<TResult> {
    const result = this.queue.then(operation, operation)
    this.queue = result.catch(() => undefined)
    return result
  }
}

function assertSafeId(id: string, action: string): void {
  if (!SAFE_ID.test(id)) {
    throw new StorageError(`Cannot ${action} session "${id}": a session id kept as a file may hold only letters, digits, "-" and "_".`, {
      details: { sessionId: id }
    })
  }
}

function toStorageError(error: unknown, path: string): StorageError {
  if (error instanceof StorageError) return error
  const reason = error instanceof Error ? error.message : String(error)
  return new StorageError(`The session store could not use ${path}: ${reason}`, { details: { path }, cause: error })
}
