import type { TUniversalMessage } from '../../lib/core/messages.ts'
import { toShownToolResult } from './tool-result.ts'

/** What a Write or Edit call did to a file, as far as the conversation shows it. */
export type TFileChange = {
  path: string
  /** `write`: a Write not run yet, which may create the file or replace it; `written` replaced one. */
  kind: 'created' | 'written' | 'write' | 'edited'
  /** The text before; `undefined` when the conversation never showed it. */
  before: string | undefined
  after: string
  /** Line number of `before`'s first line in the file (an Edit's `startLine`), 1 otherwise. */
  firstLine: number
}

/** A file change a Write or Edit call proposes, before it runs (for the permission prompt). */
export function proposedFileChange(toolName: string, parameters: Record<string, unknown>, known?: string): TFileChange | undefined {
  const path = typeof parameters.filePath === 'string' ? normalizePath(parameters.filePath) : undefined
  if (!path) return undefined
  if (toolName === 'Write' && typeof parameters.content === 'string') {
    return { path, kind: 'write', before: known, after: parameters.content, firstLine: 1 }
  }
  if (toolName === 'Edit' && typeof parameters.oldString === 'string' && typeof parameters.newString === 'string') {
    return { path, kind: 'edited', before: parameters.oldString, after: parameters.newString, firstLine: 1 }
  }
  return undefined
}

/**
 * Every Write and Edit call of the conversation, keyed by tool call id, with the text before and
 * after. A Write diffs against the last content the conversation wrote to that path; an Edit
 * diffs its old string against its new one, numbered from the line the tool reported.
 */
export function collectFileChanges(messages: readonly TUniversalMessage[]): Map<string, TFileChange> {
  const results = new Map<string, TUniversalMessage>()
  for (const message of messages) if (message.role === 'tool') results.set(message.toolCallId, message)
  const known = new Map<string, string>()
  const changes = new Map<string, TFileChange>()
  for (const message of messages) {
    if (message.role !== 'assistant') continue
    for (const call of message.toolCalls ?? []) {
      const change = proposedFileChange(call.name, call.arguments, undefined)
      const result = results.get(call.id)
      if (!change || !result) continue
      const shown = toShownToolResult(result)
      if (shown.failed) continue
      if (call.name === 'Write') {
        const before = known.get(change.path)
        changes.set(call.id, { ...change, before, kind: /^Created\b/.test(shown.output) ? 'created' : 'written' })
        known.set(change.path, change.after)
      } else {
        changes.set(call.id, { ...change, firstLine: shown.startLine ?? 1 })
        const previous = known.get(change.path)
        if (previous !== undefined && change.before !== undefined) known.set(change.path, previous.replace(change.before, () => change.after))
      }
    }
  }
  return changes
}

/** `./src/a.ts` and `/workspace/src/a.ts` name the same file as `src/a.ts`. */
export function normalizePath(path: string): string {
  return path.replace(/^\/workspace\//, '').replace(/^(\.\/)+/, '')
}
