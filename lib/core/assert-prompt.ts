import { describeValue } from './describe-value.ts'
import { ValidationError } from './errors.ts'

/**
 * Refuses a prompt that is no string, or only whitespace, before anything is sent: providers
 * refuse a user message without content, and would say so only after the send.
 *
 * @param where names the call in the message, such as `run(input)` or `submit()`.
 * @throws ValidationError `<where>: the prompt must be a string; got number.` or `<where>: the prompt is empty.`
 */
export function assertPrompt(where: string, prompt: unknown): asserts prompt is string {
  if (typeof prompt !== 'string') throw new ValidationError(`${where}: the prompt must be a string; got ${describeValue(prompt)}.`)
  if (prompt.trim() === '') throw new ValidationError(`${where}: the prompt is empty.`)
}
