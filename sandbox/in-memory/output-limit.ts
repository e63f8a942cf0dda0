/** Default cap on each of stdout and stderr: 1 MiB. */
export const DEFAULT_MAX_OUTPUT_BYTES = 1024 * 1024

const encoder = new TextEncoder()
const decoder = new TextDecoder()

/**
 * Keeps at most `maxBytes` UTF-8 bytes of `text`, cut on a character boundary, and appends a
 * notice saying how much was dropped. Text within the limit comes back unchanged.
 */
export function limitOutput(text: string, maxBytes: number): string {
  // Each UTF-16 unit encodes to at most 3 bytes, so short text needs no encoding at all.
  if (text.length * 3 <= maxBytes) return text
  const bytes = encoder.encode(text)
  if (bytes.length <= maxBytes) return text
  let end = maxBytes
  // Step back over UTF-8 continuation bytes (10xxxxxx) so no character is split.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1
  const kept = decoder.decode(bytes.subarray(0, end))
  const separator = kept.endsWith('\n') || kept.length === 0 ? '' : '\n'
  return `${kept}${separator}[output truncated: ${bytes.length - end} of ${bytes.length} bytes dropped]\n`
}
