import type * as z from 'zod'
import { readRequestBody } from '../../read-request-body.ts'
import { errorResponse } from './http-responses.ts'

/** The body, parsed and checked, or the error reply that refuses it. */
export type TJsonBody<TValue> = { ok: true; value: TValue } | { ok: false; response: Response }

/**
 * Reads a JSON body of at most `maxBytes` and checks it against `schema`: 413 when larger (it is
 * never held in memory whole), 400 naming the field when it does not parse or fit.
 */
export async function readJsonBody<TValue>(request: Request, maxBytes: number, schema: z.ZodType<TValue>): Promise<TJsonBody<TValue>> {
  const read = await readRequestBody(request, maxBytes)
  if (!read.bytes) return { ok: false, response: errorResponse(413, 'body_too_large', `The request body is larger than ${maxBytes} bytes.`) }
  const text = new TextDecoder().decode(read.bytes)
  let value: unknown
  try {
    value = text.trim() === '' ? {} : JSON.parse(text)
  } catch (error) {
    return { ok: false, response: errorResponse(400, 'invalid_json', `The request body is not valid JSON: ${(error as Error).message}`) }
  }
  const parsed = schema.safeParse(value)
  if (parsed.success) return { ok: true, value: parsed.data }
  return { ok: false, response: errorResponse(400, 'invalid_request', `The request body is not valid: ${describeIssues(parsed.error.issues)}`) }
}

// A misspelt key comes first: `{"promt": …}` is one typo, and "prompt: expected string" alone hides it.
function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const ordered = [...issues].sort((a, b) => Number(b.code === 'unrecognized_keys') - Number(a.code === 'unrecognized_keys'))
  return ordered.map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`).join('; ')
}
