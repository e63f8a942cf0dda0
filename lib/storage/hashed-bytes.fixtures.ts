import { sha256 } from '@noble/hashes/sha2.js'

type THasher = { update(data: Uint8Array): unknown }

/**
 * Calls `onHashed` with the length of every input the SHA-256 hasher takes (the replay chain,
 * stored message payloads, bundle files) until the returned function is called.
 */
export function watchHashedBytes(onHashed: (bytes: number) => void): () => void {
  let owner = Object.getPrototypeOf(sha256.create()) as THasher
  while (!Object.hasOwn(owner, 'update')) owner = Object.getPrototypeOf(owner) as THasher
  const update = owner.update
  owner.update = function (this: THasher, data: Uint8Array) {
    onHashed(data.length)
    return update.call(this, data)
  }
  return () => {
    owner.update = update
  }
}
