/** One line of a line diff: kept (` `), removed (`-`) or added (`+`). */
export type TDiffLine = { kind: ' ' | '-' | '+'; text: string }

const contextLines = 3
// Above this many cells the longest-common-subsequence table costs too much; the file is then
// shown as replaced wholesale, which is still a correct diff.
const maxTableCells = 4_000_000

/** Splits text into lines, keeping whether the last one ended with a newline. */
export function splitLines(text: string): string[] {
  if (text === '') return []
  const lines = text.split('\n')
  if (lines.at(-1) === '') lines.pop()
  return lines
}

/** A shortest line diff of `before` into `after` (longest common subsequence). */
export function diffLines(before: string[], after: string[]): TDiffLine[] {
  const rows = before.length
  const columns = after.length
  if (rows * columns > maxTableCells) {
    return [...before.map((text) => ({ kind: '-' as const, text })), ...after.map((text) => ({ kind: '+' as const, text }))]
  }
  // common[i * (columns + 1) + j]: length of the LCS of before[i..] and after[j..].
  const width = columns + 1
  const common = new Uint32Array((rows + 1) * width)
  for (let i = rows - 1; i >= 0; i -= 1) {
    for (let j = columns - 1; j >= 0; j -= 1) {
      common[i * width + j] =
        before[i] === after[j]
          ? (common[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(common[(i + 1) * width + j] ?? 0, common[i * width + j + 1] ?? 0)
    }
  }
  const lines: TDiffLine[] = []
  let i = 0
  let j = 0
  while (i < rows || j < columns) {
    if (i < rows && j < columns && before[i] === after[j]) {
      lines.push({ kind: ' ', text: before[i] as string })
      i += 1
      j += 1
    } else if (i < rows && (j === columns || (common[(i + 1) * width + j] ?? 0) >= (common[i * width + j + 1] ?? 0))) {
      // Removals first, as git prints them.
      lines.push({ kind: '-', text: before[i] as string })
      i += 1
    } else {
      lines.push({ kind: '+', text: after[j] as string })
      j += 1
    }
  }
  return lines
}

/** The `@@` hunks of a unified diff with three lines of context, or `''` when nothing changed. */
export function formatHunks(before: string, after: string): string {
  const lines = diffLines(splitLines(before), splitLines(after))
  const changed = lines.flatMap((line, index) => (line.kind === ' ' ? [] : [index]))
  if (changed.length === 0) return ''
  const groups: Array<[number, number]> = []
  for (const index of changed) {
    const last = groups.at(-1)
    if (last !== undefined && index - last[1] <= contextLines * 2) last[1] = index
    else groups.push([index, index])
  }
  let output = ''
  for (const [first, last] of groups) {
    const start = Math.max(0, first - contextLines)
    const end = Math.min(lines.length - 1, last + contextLines)
    const oldStart = 1 + lines.slice(0, start).filter((line) => line.kind !== '+').length
    const newStart = 1 + lines.slice(0, start).filter((line) => line.kind !== '-').length
    const hunk = lines.slice(start, end + 1)
    const oldLength = hunk.filter((line) => line.kind !== '+').length
    const newLength = hunk.filter((line) => line.kind !== '-').length
    output += `@@ -${hunkRange(oldStart, oldLength)} +${hunkRange(newStart, newLength)} @@\n`
    output += hunk.map((line) => `${line.kind}${line.text}\n`).join('')
  }
  return output
}

// Git's spelling of a hunk range: a length of one is left out, an empty range names the line before.
function hunkRange(start: number, length: number): string {
  if (length === 0) return `${start - 1},0`
  return length === 1 ? `${start}` : `${start},${length}`
}
