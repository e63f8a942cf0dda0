/** The address fragment that names a session: `#session=<id>`. */
export function sessionLinkFor(sessionId: string): string {
  return `#session=${encodeURIComponent(sessionId)}`
}

/** The session an address fragment names, if it names one. */
export function readSessionLink(hash: string): string | undefined {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get('session')
  return value ? value : undefined
}
