import jsSHA from 'jssha/sha256'

const hexDigest = /^[0-9a-fA-F]{64}$/

/** The SHA-256 of `bytes` as lowercase hex (jssha: the same result in the browser and in Node). */
export function sha256Hex(bytes: Uint8Array): string {
  const hash = new jsSHA('SHA-256', 'UINT8ARRAY')
  hash.update(bytes)
  return hash.getHash('HEX')
}

/** True for a 64-character hex string, the only form a manifest's `sha256` may take. */
export function isSha256Hex(value: unknown): value is string {
  return typeof value === 'string' && hexDigest.test(value)
}

/** `undefined` when `bytes` hash to `expected` (any case), otherwise a message with both digests. */
export function describeSha256Mismatch(bytes: Uint8Array, expected: string): string | undefined {
  const actual = sha256Hex(bytes)
  return actual === expected.toLowerCase() ? undefined : `sha256 mismatch: expected ${expected.toLowerCase()}, got ${actual}`
}
