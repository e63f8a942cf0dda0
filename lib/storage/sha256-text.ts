import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'

const utf8 = new TextEncoder()

/** The SHA-256 of `text` as UTF-8, hex-encoded: how bundle files are pinned, replay records chained and stored messages named. */
export function sha256Text(text: string): string {
  return bytesToHex(sha256(utf8.encode(text)))
}
