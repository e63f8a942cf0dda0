import type { IDiffLine } from '../../core/tool.ts'

/** Unchanged lines shown around each change. */
export const DIFF_CONTEXT_LINES = 3

/** Most diff lines a tool reports for display; a longer change is cut here. */
export const MAX_DIFF_LINES = 400

// Above this many cells the longest-common-subsequence table costs too much: the changed middle
// is then shown as all of its old lines removed and all of its new lines added.
const MAX_TABLE_CELLS = 1_000_000

type TEdit = { type: IDiffLine['type']; content: string; oldLine: number; newLine: number }

/**
 * The line changes from `before` to `after`, as a client shows them: removed and added lines with
 * up to `DIFF_CONTEXT_LINES` unchanged lines around each change, at most `MAX_DIFF_LINES` lines.
 * Empty when the texts are equal.
 */
export function diffTextLines(before: string, after: string): IDiffLine[] {
  if (before === after) return []
  const oldLines = splitLines(before)
  const newLines = splitLines(after)
  let prefix = 0
  while (prefix < oldLines.length && prefix < newLines.length && oldLines[prefix] === newLines[prefix]) prefix++
  let suffix = 0
  while (
    suffix < oldLines.length - prefix &&
    suffix < newLines.length - prefix &&
    oldLines[oldLines.length - 1 - suffix] === newLines[newLines.length - 1 - suffix]
  ) suffix++
  const edits: TEdit[] = []
  for (let index = 0; index < prefix; index++) edits.push(same(oldLines[index] as string, index, index))
  edits.push(...diffMiddle(oldLines.slice(prefix, oldLines.length - suffix), newLines.slice(prefix, newLines.length - suffix), prefix))
  for (let offset = suffix; offset > 0; offset--) {
    edits.push(same(oldLines[oldLines.length - offset] as string, oldLines.length - offset, newLines.length - offset))
  }
  return withContext(edits).slice(0, MAX_DIFF_LINES)
}

function splitLines(text: string): string[] {
  if (text === '') return []
  const lines = text.split('\n')
  // A final newline ends the last line; it does not start another one.
  if (lines.at(-1) === '') lines.pop()
  return lines
}

function same(content: string, oldIndex: number, newIndex: number): TEdit {
  return { type: 'context', content, oldLine: oldIndex + 1, newLine: newIndex + 1 }
}

// The changed middle of both texts, both starting at line `offset` (0-based).
function diffMiddle(oldLines: string[], newLines: string[], offset: number): TEdit[] {
  const removeAll = (): TEdit[] => oldLines.map((content, index) => ({ type: 'remove', content, oldLine: offset + index + 1, newLine: 0 }))
  const addAll = (): TEdit[] => newLines.map((content, index) => ({ type: 'add', content, oldLine: 0, newLine: offset + index + 1 }))
  if (oldLines.length === 0 || newLines.length === 0 || oldLines.length * newLines.length > MAX_TABLE_CELLS) return [...removeAll(), ...addAll()]
  // lengths[i][j]: longest common subsequence of oldLines[i..] and newLines[j..].
  const columns = newLines.length + 1
  const lengths = new Uint32Array((oldLines.length + 1) * columns)
  for (let i = oldLines.length - 1; i >= 0; i--) {
    for (let j = newLines.length - 1; j >= 0; j--) {
      lengths[i * columns + j] =
        oldLines[i] === newLines[j]
          ? (lengths[(i + 1) * columns + j + 1] as number) + 1
          : Math.max(lengths[(i + 1) * columns + j] as number, lengths[i * columns + j + 1] as number)
    }
  }
  const edits: TEdit[] = []
  let i = 0
  let j = 0
  while (i < oldLines.length || j < newLines.length) {
    if (i < oldLines.length && j < newLines.length && oldLines[i] === newLines[j]) {
      edits.push(same(oldLines[i] as string, offset + i, offset + j))
      i++
      j++
    } else if (i < oldLines.length && (j === newLines.length || (lengths[(i + 1) * columns + j] as number) >= (lengths[i * columns + j + 1] as number))) {
      edits.push({ type: 'remove', content: oldLines[i] as string, oldLine: offset + i + 1, newLine: 0 })
      i++
    } else {
      edits.push({ type: 'add', content: newLines[j] as string, oldLine: 0, newLine: offset + j + 1 })
      j++
    }
  }
  return edits
}

// Keeps the changed lines and the context lines near them, in order.
function withContext(edits: readonly TEdit[]): IDiffLine[] {
  const keep = new Array<boolean>(edits.length).fill(false)
  edits.forEach((edit, index) => {
    if (edit.type === 'context') return
    for (let near = Math.max(0, index - DIFF_CONTEXT_LINES); near <= Math.min(edits.length - 1, index + DIFF_CONTEXT_LINES); near++) keep[near] = true
  })
  return edits.flatMap((edit, index) =>
    keep[index] ? [{ type: edit.type, content: edit.content, lineNumber: edit.type === 'remove' ? edit.oldLine : edit.newLine }] : []
  )
}
