import type { TServerToolUse } from '../../lib/core/server-tool-use.ts'

/** The card's headline: the search's query, or the input as JSON when it has none. */
export function describeServerToolInput(use: TServerToolUse): string {
  return typeof use.input.query === 'string' ? use.input.query : JSON.stringify(use.input)
}
