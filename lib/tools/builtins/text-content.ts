// How much of a file decides whether it is text, as git and grep look only at the start too.
const SNIFF_BYTES = 8192
// Share of control bytes (other than tab, newline, carriage return, form feed, escape) past which
// content is taken for binary even without a NUL byte.
const MAX_CONTROL_SHARE = 0.1

const decoder = new TextDecoder('utf-8')

/** True when bytes look like a binary file: a NUL byte or many control bytes in the first 8 KB. */
export function isBinaryContent(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, SNIFF_BYTES)
  let control = 0
  for (const byte of sample) {
    if (byte === 0) return true
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c && byte !== 0x1b) control++
  }
  return sample.length > 0 && control / sample.length > MAX_CONTROL_SHARE
}

/** Decodes a text file's bytes as UTF-8, or gives `undefined` for a binary one. */
export function decodeTextContent(bytes: Uint8Array): string | undefined {
  return isBinaryContent(bytes) ? undefined : decoder.decode(bytes)
}

/** Splits file text into lines: a final newline ends the last line rather than starting an empty one. */
export function splitLines(text: string): string[] {
  if (text === '') return []
  const lines = (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n')
  return lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line))
}

/** The first `length` UTF-16 units of `text`, one fewer when that would split a surrogate pair. */
export function sliceHead(text: string, length: number): string {
  const end = isHighSurrogate(text.charCodeAt(length - 1)) ? length - 1 : length
  return text.slice(0, Math.max(0, end))
}

/** The last `length` UTF-16 units of `text`, one fewer when that would split a surrogate pair. */
export function sliceTail(text: string, length: number): string {
  if (length <= 0) return ''
  const start = text.length - length
  return text.slice(isHighSurrogate(text.charCodeAt(start - 1)) ? start + 1 : start)
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}
