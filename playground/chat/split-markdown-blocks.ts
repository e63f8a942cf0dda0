const FENCE = /^ {0,3}(`{3,}|~{3,})/

/**
 * Cuts Markdown into pieces that render on their own: at blank lines outside fenced code, and
 * blocks longer than `limit` at a line end or a space before it (fenced code is closed at the cut
 * and opened again after it). Text appended later never changes a piece but the last, so a
 * streaming message renders each finished piece once; and a long text lays out as many small
 * boxes, not one that the browser measures whole on every change.
 */
export function splitMarkdownBlocks(text: string, limit = 4_000): string[] {
  const pieces: string[] = []
  for (const block of cutAtBlankLines(text)) pieces.push(...cutLongBlock(block, limit))
  return pieces
}

function cutAtBlankLines(text: string): string[] {
  const blocks: string[] = []
  let blockStart = 0
  let fence: string | undefined
  let lineStart = 0
  while (lineStart < text.length) {
    const newline = text.indexOf('\n', lineStart)
    if (newline === -1) break
    const line = text.slice(lineStart, newline)
    fence = nextFence(fence, line)
    if (fence === undefined && line.trim() === '') {
      if (lineStart > blockStart) blocks.push(text.slice(blockStart, lineStart))
      blockStart = newline + 1
    }
    lineStart = newline + 1
  }
  if (blockStart < text.length) blocks.push(text.slice(blockStart))
  return blocks
}

function cutLongBlock(block: string, limit: number): string[] {
  if (block.length <= limit) return [block]
  const pieces: string[] = []
  let start = 0
  let reopen = ''
  let fence: string | undefined
  let opening = ''
  while (start < block.length) {
    const end = block.length - start <= limit ? block.length : start + cutPoint(block.slice(start, start + limit))
    const piece = block.slice(start, end)
    for (const line of piece.split('\n')) {
      const next = nextFence(fence, line)
      if (fence === undefined && next !== undefined) opening = line
      fence = next
    }
    // Cut inside fenced code: close it here and open it again in the next piece.
    pieces.push(reopen + piece + (fence !== undefined && end < block.length ? `\n${fence}\n` : ''))
    reopen = fence !== undefined ? `${opening}\n` : ''
    start = end
  }
  return pieces
}

// Where to end a piece of at most `window.length` characters: after its last line end, else after
// its last space, else anywhere.
function cutPoint(window: string): number {
  const newline = window.lastIndexOf('\n')
  if (newline > 0) return newline + 1
  const space = Math.max(window.lastIndexOf(' '), window.lastIndexOf('\t'))
  return space > 0 ? space + 1 : window.length
}

function nextFence(fence: string | undefined, line: string): string | undefined {
  const marker = FENCE.exec(line)?.[1]
  if (marker === undefined) return fence
  if (fence === undefined) return marker
  return marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker ? undefined : fence
}
