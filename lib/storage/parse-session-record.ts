import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import { StorageError } from '../core/errors.ts'
import {
  describeSchemaIssues,
  executionEventEnvelopeSchema,
  sessionRecordSchema,
  toSchemaIssues
} from './session-record-schema.ts'
import type { TSchemaIssue } from './session-record-schema.ts'
import type { TSessionRecord } from './session-store.ts'

/** The outcome of checking one stored record: the record, or why it cannot be used. */
export type TSessionRecordInspection =
  | { valid: true; record: TSessionRecord }
  | { valid: false; reason: string; issues: TSchemaIssue[] }

/** Checks a stored value against the record schema without throwing. */
export function inspectSessionRecord(value: unknown): TSessionRecordInspection {
  const result = sessionRecordSchema.safeParse(value)
  if (result.success) return { valid: true, record: result.data }
  const issues = toSchemaIssues(result.error)
  return { valid: false, reason: describeSchemaIssues(issues), issues }
}

/**
 * Validates a stored record loaded under `sessionId`.
 * @throws StorageError naming the session and the first invalid field.
 */
export function parseSessionRecord(value: unknown, sessionId: string): TSessionRecord {
  return recordOrThrow(inspectSessionRecord(value), sessionId)
}

/**
 * The inspected record, or the error that names why session `sessionId` cannot be used.
 * @throws StorageError naming the session and the first invalid field.
 */
export function recordOrThrow(inspection: TSessionRecordInspection, sessionId: string): TSessionRecord {
  if (inspection.valid) return inspection.record
  throw new StorageError(`Session "${sessionId}" is corrupt: ${inspection.reason}`, {
    details: { sessionId, path: inspection.issues[0]?.path, issues: inspection.issues }
  })
}

/**
 * Validates stored replay events of `sessionId` (envelopes only, see the schema).
 * @throws StorageError naming the session, the event position and the invalid field.
 */
export function parseExecutionEvents(values: readonly unknown[], sessionId: string): TExecutionEventEnvelope[] {
  return values.map((value, index) => {
    const result = executionEventEnvelopeSchema.safeParse(value)
    if (!result.success) {
      const issues = toSchemaIssues(result.error)
      throw new StorageError(
        `Replay event ${index} of session "${sessionId}" is corrupt: ${describeSchemaIssues(issues)}`,
        { details: { sessionId, index, path: issues[0]?.path, issues } }
      )
    }
    // The envelope is checked; payloads stay as their producer wrote them (see the schema).
    return value as TExecutionEventEnvelope
  })
}
