import * as z from 'zod'
import type { TUniversalMessage } from '../core/messages.ts'
import type { TSessionRecord } from './session-store.ts'
import { sessionSettingsSchema } from './session-settings.ts'

const metadataValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.string()),
  z.array(z.number()),
  z.record(z.string(), z.number())
])

const messageBaseShape = {
  id: z.string().min(1),
  state: z.enum(['complete', 'interrupted']),
  timestamp: z.number(),
  metadata: z.record(z.string(), metadataValueSchema).optional(),
  content: z.string()
}

const toolCallSchema = z.object({
  id: z.string(),
  name: z.string().min(1),
  arguments: z.record(z.string(), z.unknown())
})

/** One message of the history union, discriminated by `role`. */
export const universalMessageSchema: z.ZodType<TUniversalMessage> = z.discriminatedUnion('role', [
  z.object({ ...messageBaseShape, role: z.literal('user') }),
  z.object({ ...messageBaseShape, role: z.literal('assistant'), toolCalls: z.array(toolCallSchema).optional() }),
  z.object({ ...messageBaseShape, role: z.literal('system') }),
  z.object({ ...messageBaseShape, role: z.literal('tool'), toolCallId: z.string(), toolName: z.string() })
])

/** A stored session record, checked on every load and before every commit. */
export const sessionRecordSchema: z.ZodType<TSessionRecord> = z.object({
  id: z.string().min(1),
  name: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  model: z.string(),
  providerName: z.string(),
  messages: z.array(universalMessageSchema),
  nextEventSeq: z.int().nonnegative(),
  settings: sessionSettingsSchema.optional(),
  parentSessionId: z.string().min(1).optional(),
  parentToolCallId: z.string().min(1).optional()
})

/**
 * The replay event envelope. Payloads (`data`) are checked only for being objects: each event
 * type's producer owns its shape, and the store must not reject event types it does not know yet.
 */
export const executionEventEnvelopeSchema = z.object({
  seq: z.int().nonnegative(),
  ts: z.number(),
  sessionId: z.string().min(1),
  executionId: z.string(),
  round: z.number().optional(),
  type: z.string().min(1),
  data: z.record(z.string(), z.unknown())
})

/** Renders an issue path as `messages[2].toolCalls[0].name`; the root is `(root)`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let text = ''
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`
    else text += text === '' ? String(segment) : `.${String(segment)}`
  }
  return text === '' ? '(root)' : text
}

/** One schema issue reduced to plain, serializable data. */
export type TSchemaIssue = { path: string; message: string }

/** The issues of a failed parse, each naming the field it concerns. */
export function toSchemaIssues(error: z.ZodError): TSchemaIssue[] {
  return error.issues.map((issue) => ({ path: formatIssuePath(issue.path), message: issue.message }))
}

/** A one-line reason naming the first invalid field, and how many more there are. */
export function describeSchemaIssues(issues: readonly TSchemaIssue[]): string {
  const [first, ...rest] = issues
  if (!first) return 'invalid value'
  const more = rest.length > 0 ? ` (and ${rest.length} more issue${rest.length === 1 ? '' : 's'})` : ''
  return `${first.path}: ${first.message}${more}`
}
