import * as z from 'zod'
import { permissionAnswerSchema } from '../transport-permissions.ts'

const correlation = { id: z.string().max(200).optional() }

const headlessRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('submit'), prompt: z.string().refine((prompt) => prompt.trim() !== '', 'the prompt is empty'), ...correlation }).strict(),
  z.object({ type: z.literal('command'), name: z.string().min(1), args: z.string().optional(), ...correlation }).strict(),
  z.object({ type: z.literal('list_commands'), ...correlation }).strict(),
  z.object({ type: z.literal('history'), ...correlation }).strict(),
  z.object({ type: z.literal('abort'), ...correlation }).strict(),
  z.object({ type: z.literal('permission'), id: z.string().min(1), answer: permissionAnswerSchema }).strict()
])

/**
 * One line a headless client sends: a prompt, a command, a listing, an abort, or the answer to a
 * permission request. `id` (up to 200 characters) is echoed on the reply so a client can match them.
 */
export type THeadlessRequest = z.infer<typeof headlessRequestSchema>

/** A line read, or why it was refused. */
export type THeadlessParse =
  | { ok: true; request: THeadlessRequest }
  | { ok: false; code: 'invalid_json' | 'invalid_request' | 'line_too_long'; message: string }

/** Parses one input line, naming the line and the field that is wrong. */
export function parseHeadlessLine(text: string, lineNumber: number, maxLineCharacters: number): THeadlessParse {
  if (text.length > maxLineCharacters) {
    return { ok: false, code: 'line_too_long', message: `line ${lineNumber}: ${text.length} characters, more than the ${maxLineCharacters} a line may have.` }
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return { ok: false, code: 'invalid_json', message: `line ${lineNumber}: not valid JSON: ${(error as Error).message}` }
  }
  const parsed = headlessRequestSchema.safeParse(value)
  if (parsed.success) return { ok: true, request: parsed.data }
  const issue = parsed.error.issues[0]
  const path = issue?.path.length ? issue.path.join('.') : '(root)'
  return { ok: false, code: 'invalid_request', message: `line ${lineNumber}: ${path}: ${describeIssue(issue)}` }
}

function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'not a request'
  if (issue.code === 'invalid_union' && issue.path.length === 1 && issue.path[0] === 'type') {
    return 'expected "submit", "command", "list_commands", "history", "abort" or "permission"'
  }
  return issue.message
}
