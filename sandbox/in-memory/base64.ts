// btoa/atob exist in browsers, workers and Node 16+, and work on latin1 strings; chunking keeps
// String.fromCharCode within the engine's argument limit for large files.
const chunkSize = 0x8000

/** Encodes bytes as standard base64 (with padding). */
export function bytesToBase64(bytes: Uint8Array): string {
  let latin1 = ''
  for (let offset = 0; offset < bytes.length; offset += chunkSize) {
    latin1 += String.fromCharCode(...bytes.subarray(offset, offset + chunkSize))
  }
  return btoa(latin1)
}

/** Decodes standard base64; returns `undefined` for text that is not valid base64. */
export function base64ToBytes(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return undefined
  const latin1 = atob(text)
  const bytes = new Uint8Array(latin1.length)
  for (let index = 0; index < latin1.length; index += 1) bytes[index] = latin1.charCodeAt(index)
  return bytes
}
