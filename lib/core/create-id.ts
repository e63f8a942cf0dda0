/**
 * Returns a random RFC 4122 version 4 identifier.
 * `crypto.randomUUID` exists only in secure contexts, so pages served over plain HTTP (an
 * embedded documentation site, say) fall back to `getRandomValues`, which is available everywhere.
 */
export function createId(): string {
  if (typeof crypto.randomUUID === 'function') {
    const id = crypto.randomUUID()
    // Node builds the id as a rope of ~20 string pieces (~490 bytes); reading a character makes
    // V8 flatten it to one ~70-byte string, which matters when a history holds thousands of ids.
    id.charCodeAt(0)
    return id
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
