import { sliceHead, sliceTail } from './text-content.ts'

/**
 * Caps text at `maxCharacters` by keeping its head and its tail around a marker that says how much
 * was cut: the start of a command's output says what ran, the end says how it finished.
 */
export function truncateMiddle(text: string, maxCharacters: number): string {
  if (text.length <= maxCharacters) return text
  // The marker's length depends on the count it prints; sized for the whole text, it is never too short.
  const markerLength = marker(text.length).length
  const kept = Math.max(0, maxCharacters - markerLength)
  const head = sliceHead(text, Math.ceil(kept / 2))
  const tail = sliceTail(text, Math.floor(kept / 2))
  return `${head}${marker(text.length - head.length - tail.length)}${tail}`
}

function marker(cutCharacters: number): string {
  return `\n\n... [${cutCharacters} characters truncated] ...\n\n`
}
