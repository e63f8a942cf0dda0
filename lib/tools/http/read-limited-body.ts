/** A response body read up to a byte cap. */
export type TLimitedBody = {
  bytes: Uint8Array
  /** True when the body went on past the cap and was cut there. */
  truncated: boolean
}

/** Reads at most `maxBytes` of a response body, cancelling the rest rather than downloading it. */
export async function readLimitedBody(response: Response, maxBytes: number): Promise<TLimitedBody> {
  if (response.body === null) return { bytes: new Uint8Array(0), truncated: false }
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  let truncated = false
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    const room = maxBytes - total
    if (value.byteLength > room) {
      chunks.push(value.subarray(0, room))
      total += room
      truncated = true
      await reader.cancel().catch(() => undefined)
      break
    }
    chunks.push(value)
    total += value.byteLength
  }
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return { bytes, truncated }
}

/** Decodes bytes with the charset a `Content-Type` names, falling back to UTF-8. */
export function decodeBody(bytes: Uint8Array, contentType: string | null): string {
  const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1]
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes)
  } catch {
    // An unknown charset label: UTF-8 is the web's default and the likeliest to be right.
    return new TextDecoder('utf-8').decode(bytes)
  }
}
