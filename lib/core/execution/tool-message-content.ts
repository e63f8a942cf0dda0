import type { IToolResult } from '../tool.ts'
import { describeError } from '../describe-error.ts'

/**
 * The text a tool result gives the model: a string as it is, other data as JSON, a failure as
 * `Error: …`. Data JSON cannot hold (a BigInt, a cycle) becomes a failure that says so, rather
 * than a throw that would leave the tool call without a result.
 */
export function toToolMessageContent(result: IToolResult): string {
  // A failed tool's data (a command's output, say) helps the model more than the error alone.
  if (!result.success && result.data === undefined) return `Error: ${result.error ?? 'the tool failed without a message'}`
  if (typeof result.data === 'string') return result.data
  try {
    return JSON.stringify(result.data ?? null)
  } catch (error) {
    return `Error: the tool's result could not be turned into text: ${describeError(error)}`
  }
}
