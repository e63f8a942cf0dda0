/** A request body read in full, or the reason it was refused. */
export type TBodyRead = { bytes: Uint8Array } | { bytes?: undefined; tooLarge: true }

/**
 * Reads a request body, giving up as soon as it passes `maxBytes` (by its `content-length`
 * before reading, or by what has arrived), so an oversized body is never held in memory.
 */
export async function readRequestBody(request: Request, maxBytes: number): Promise<TBodyRead> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (declared > maxBytes) {
    await request.body?.cancel()
    return { tooLarge: true }
  }
  if (!request.body) return { bytes: new Uint8Array() }
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      return { tooLarge: true }
    }
    chunks.push(read.value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return { bytes }
}
