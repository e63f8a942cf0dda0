/** The part of Node's `IncomingMessage` a body is read from. */
export type TNodeBodySource = AsyncIterable<Uint8Array | string> & { headers: Record<string, string | string[] | undefined> }

/**
 * Reads a Node request body as text, or `undefined` as soon as it passes `maxBytes` (by its
 * `content-length`, or by what has arrived), so an oversized body is never held whole.
 */
export async function readNodeBody(source: TNodeBodySource, maxBytes: number): Promise<string | undefined> {
  if (Number(source.headers['content-length'] ?? Number.NaN) > maxBytes) return undefined
  const chunks: Uint8Array[] = []
  let size = 0
  const encoder = new TextEncoder()
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk
    size += bytes.byteLength
    if (size > maxBytes) return undefined
    chunks.push(bytes)
  }
  const decoder = new TextDecoder()
  return chunks.map((chunk) => decoder.decode(chunk, { stream: true })).join('') + decoder.decode()
}
