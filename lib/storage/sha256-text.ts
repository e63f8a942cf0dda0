import jsSHA from 'jssha/sha256'

/** The SHA-256 of `text` as UTF-8, hex-encoded: how bundle files are pinned, replay records chained and stored messages named. */
export function sha256Text(text: string): string {
  const sha = new jsSHA('SHA-256', 'TEXT', { encoding: 'UTF8' })
  sha.update(text)
  return sha.getHash('HEX')
}
