/**
 * What model text may fetch when it renders. Model output is untrusted: a prompt-injected model
 * can write an image whose address carries the conversation to any server, so nothing in it loads
 * on render unless its host is on the user's allow-list or the user clicked to load it.
 */
export type TRemoteContentPolicy = {
  /** Hosts (`host` or `host:port`) whose images load without asking, from the settings. */
  allowedImageHosts: readonly string[]
  /** Image addresses the user chose to load in this message. */
  loadedImages: ReadonlySet<string>
}

/**
 * True for an address that fetches nothing: a `data:` image is decoded in place. Everything else,
 * a relative address included (it reaches the page's own server), is a request.
 */
function isInlineImage(source: string): boolean {
  return /^data:image\//i.test(source.trim())
}

/** True when `source` may load now: inline, loaded by the user, or from an allowed host. */
export function mayLoadImage(source: string, policy: TRemoteContentPolicy): boolean {
  if (isInlineImage(source) || policy.loadedImages.has(source)) return true
  const host = hostOf(source)
  return host !== undefined && policy.allowedImageHosts.some((allowed) => sameHost(allowed, host))
}

/** The `host[:port]` an address reaches, resolved against the page; `undefined` when it names none. */
export function hostOf(address: string): string | undefined {
  try {
    const url = new URL(address, globalThis.location?.href ?? 'http://localhost/')
    return url.host || undefined
  } catch {
    return undefined
  }
}

/**
 * Parses the allow-list the user typed: hosts separated by commas, spaces or lines; a full URL
 * counts as its host. Returns the hosts and the entries that name no host.
 */
export function parseAllowedHosts(text: string): { hosts: string[]; invalid: string[] } {
  const hosts: string[] = []
  const invalid: string[] = []
  for (const entry of text.split(/[\s,]+/).filter(Boolean)) {
    const host = /^[a-z][a-z0-9+.-]*:\/\//i.test(entry) ? hostOf(entry) : hostOf(`https://${entry}`)
    if (host && /^[a-z0-9.[\]:-]+$/i.test(host)) {
      if (!hosts.includes(host)) hosts.push(host)
    } else invalid.push(entry)
  }
  return { hosts, invalid }
}

function sameHost(allowed: string, host: string): boolean {
  const wanted = allowed.trim().toLowerCase()
  // A host without a port allows every port of it; with one, only that one.
  return wanted.includes(':') && !wanted.startsWith('[') ? host === wanted : host === wanted || host.replace(/:\d+$/, '') === wanted
}
