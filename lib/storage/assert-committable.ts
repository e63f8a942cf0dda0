import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import { StorageError } from '../core/errors.ts'
import {
  describeSchemaIssues,
  executionEventEnvelopeSchema,
  sessionRecordSchema,
  toSchemaIssues,
  universalMessageSchema,
  type TSchemaIssue
} from './session-record-schema.ts'
import type { TSessionRecord } from './session-store.ts'

/**
 * Checks a commit before anything is written, so a rejected commit leaves the store untouched:
 * the record must match the schema and every event must be a valid envelope of that session.
 * A store that knows the messages before `checkMessagesFrom` are the ones it already checked and
 * stored passes their count, so a long session's commit checks only what it adds.
 * @throws StorageError naming the session and the offending field or event.
 */
export function assertCommittable(record: TSessionRecord, events: readonly TExecutionEventEnvelope[], checkMessagesFrom = 0): void {
  const issues = checkMessagesFrom === 0 ? recordIssues(record) : recordIssuesFrom(record, checkMessagesFrom)
  if (issues.length > 0) {
    throw new StorageError(`Cannot commit session "${record.id}": ${describeSchemaIssues(issues)}`, {
      details: { sessionId: record.id, path: issues[0]?.path, issues }
    })
  }
  events.forEach((event, index) => {
    if (event.sessionId !== record.id) {
      throw new StorageError(
        `Cannot commit session "${record.id}": event ${index} (seq ${event.seq}) belongs to session "${event.sessionId}"`,
        { details: { sessionId: record.id, eventSessionId: event.sessionId, seq: event.seq, index } }
      )
    }
    const eventResult = executionEventEnvelopeSchema.safeParse(event)
    if (!eventResult.success) {
      const issues = toSchemaIssues(eventResult.error)
      throw new StorageError(
        `Cannot commit session "${record.id}": event ${index} is invalid: ${describeSchemaIssues(issues)}`,
        { details: { sessionId: record.id, index, path: issues[0]?.path, issues } }
      )
    }
  })
}

function recordIssues(record: TSessionRecord): TSchemaIssue[] {
  const result = sessionRecordSchema.safeParse(record)
  return result.success ? [] : toSchemaIssues(result.error)
}

// The record's own fields and its messages from `from` on, with paths as the whole record's.
function recordIssuesFrom(record: TSessionRecord, from: number): TSchemaIssue[] {
  if (!Array.isArray(record.messages)) return recordIssues(record)
  const head = sessionRecordSchema.safeParse({ ...record, messages: [] })
  if (!head.success) return toSchemaIssues(head.error)
  const issues: TSchemaIssue[] = []
  for (let index = from; index < record.messages.length; index++) {
    const result = universalMessageSchema.safeParse(record.messages[index])
    if (!result.success) issues.push(...toSchemaIssues(result.error).map((issue) => ({ ...issue, path: `messages[${index}]${issue.path === '(root)' ? '' : issue.path.startsWith('[') ? issue.path : `.${issue.path}`}` })))
  }
  return issues
}

/**
 * The events a commit should append, given the seqs already stored: the first copy of each seq
 * wins, within the batch as across commits, because the replay log is append-only.
 */
export function selectNewEvents(
  events: readonly TExecutionEventEnvelope[],
  storedSeqs: ReadonlySet<number>
): TExecutionEventEnvelope[] {
  const taken = new Set(storedSeqs)
  const fresh: TExecutionEventEnvelope[] = []
  for (const event of events) {
    if (taken.has(event.seq)) continue
    taken.add(event.seq)
    fresh.push(event)
  }
  return fresh
}
