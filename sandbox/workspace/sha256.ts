import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'

const hexDigest = /^[0-9a-fA-F]{64}$/

/** The SHA-256 of `bytes` as lowercase hex (`@noble/hashes`: the same result in the browser and in Node, synchronously). */
export function sha256Hex(bytes: Uint8Array): string {
  return bytesToHex(sha256(bytes))
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
