/** Default cap on each of a hook's stdout and stderr: 64 KiB, plenty for a verdict and a reason. */
export const DEFAULT_HOOK_OUTPUT_BYTES = 64 * 1024

const encoder = new TextEncoder()

/** Text cut to a byte cap, and whether anything was cut. */
export type TLimitedText = { text: string; truncated: boolean }

// Room kept for the truncation notice, so a cut text with its notice still fits the cap.
const NOTICE_BYTES = 80

/**
 * Keeps at most `maxBytes` UTF-8 bytes of `text`, notice included: cut on a character boundary,
 * with a line saying how much was dropped. Text within the cap comes back unchanged.
 */
export function limitHookOutput(text: string, maxBytes: number): TLimitedText {
  if (text.length * 3 <= maxBytes) return { text, truncated: false }
  const bytes = encoder.encode(text)
  if (bytes.length <= maxBytes) return { text, truncated: false }
  return { text: decodeCut(bytes, maxBytes, true), truncated: true }
}

/**
 * Reads a response body up to `maxBytes` and cancels the rest, so an endpoint that streams
 * without end costs at most the cap (plus one network chunk) in memory.
 */
export async function readLimitedBody(response: Response, maxBytes: number): Promise<TLimitedText> {
  if (response.body === null) return limitHookOutput(await response.text(), maxBytes)
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let kept = 0
  try {
    while (kept <= maxBytes) {
      const { done, value } = await reader.read()
      if (done) return { text: new TextDecoder().decode(concat(chunks, kept)), truncated: false }
      chunks.push(value)
      kept += value.length
    }
  } finally {
    // Cancelling tells the server to stop; the body is never read past the cap.
    reader.cancel().catch(() => undefined)
  }
  return { text: decodeCut(concat(chunks, kept), maxBytes, false), truncated: true }
}

function concat(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const joined = new Uint8Array(length)
  let offset = 0
  for (const chunk of chunks) {
    joined.set(chunk, offset)
    offset += chunk.length
  }
  return joined
}

/** Cuts to the cap less the notice; `whole` says whether `bytes` is all there was, so the notice can count. */
function decodeCut(bytes: Uint8Array, maxBytes: number, whole: boolean): string {
  let end = Math.max(0, maxBytes - NOTICE_BYTES)
  // Step back over UTF-8 continuation bytes (10xxxxxx) so no character is split.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1
  const kept = new TextDecoder().decode(bytes.subarray(0, end))
  const dropped = whole ? `${bytes.length - end} of ${bytes.length} bytes` : 'the rest of the body'
  return `${kept}\n[hook output truncated: ${dropped} dropped]\n`
}
