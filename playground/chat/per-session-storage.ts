// What the page keeps per session for a reload of its tab, in the tab's sessionStorage, which is
// reached inside each `try`: a sandboxed frame throws on reaching for it.

/**
 * The lists this tab kept under `key`, by session id, each holding only the items `keep` accepts;
 * nothing (never a throw) when there are none or they are unreadable.
 */
export function loadPerSession<T>(key: string, keep: (item: unknown) => item is T, storage?: Storage): Record<string, T[]> {
  const lists: Record<string, T[]> = {}
  try {
    for (const [sessionId, items] of Object.entries(JSON.parse((storage ?? sessionStorage).getItem(key) ?? '{}') ?? {})) {
      const kept = Array.isArray(items) ? items.filter(keep) : []
      if (kept.length > 0) lists[sessionId] = kept
    }
  } catch {
    // What cannot be read was not kept: the page starts without it.
  }
  return lists
}

/**
 * Keeps each session's list under `key`, leaving out empty lists and the empty id (what waits for
 * the page's first session, whichever that turns out to be). A full or disabled storage costs the
 * copy after a reload, never what the page holds.
 */
export function savePerSession(key: string, lists: Iterable<readonly [string, readonly unknown[]]>, storage?: Storage): void {
  const kept = [...lists].filter(([sessionId, items]) => sessionId !== '' && items.length > 0)
  try {
    if (kept.length === 0) (storage ?? sessionStorage).removeItem(key)
    else (storage ?? sessionStorage).setItem(key, JSON.stringify(Object.fromEntries(kept)))
  } catch {
    // See above: only the copy is lost.
  }
}
