// What the page keeps per session for a reload of its tab, in the tab's sessionStorage, which is
// reached inside each `try`: a sandboxed frame throws on reaching for it. A session keeps a list
// (its queued prompts, its command log) or a text (its prompt box's draft) under each key.

/** What a session keeps under a key: a list, or a text. Empty ones are not kept. */
export type TPerSessionValue = readonly unknown[] | string

// The keys read or written since the page loaded (each hook reads its own at start), and the
// sessions deleted meanwhile, which no copy keeps again.
const keysInUse = new Set<string>()
const forgotten = new Set<string>()

function loadKept(key: string, storage: Storage | undefined): Array<[string, unknown]> {
  keysInUse.add(key)
  try {
    return Object.entries(JSON.parse((storage ?? sessionStorage).getItem(key) ?? '{}') ?? {})
  } catch {
    // What cannot be read was not kept: the page starts without it.
    return []
  }
}

/**
 * The lists this tab kept under `key`, by session id, each holding only the items `keep` accepts;
 * nothing (never a throw) when there are none or they are unreadable.
 */
export function loadPerSession<T>(key: string, keep: (item: unknown) => item is T, storage?: Storage): Record<string, T[]> {
  const lists: Record<string, T[]> = {}
  for (const [sessionId, items] of loadKept(key, storage)) {
    const kept = Array.isArray(items) ? items.filter(keep) : []
    if (kept.length > 0) lists[sessionId] = kept
  }
  return lists
}

/** The texts this tab kept under `key`, by session id; nothing (never a throw) when there are none or they are unreadable. */
export function loadPerSessionText(key: string, storage?: Storage): Record<string, string> {
  const texts: Record<string, string> = {}
  for (const [sessionId, text] of loadKept(key, storage)) {
    if (typeof text === 'string' && text !== '') texts[sessionId] = text
  }
  return texts
}

/**
 * Keeps each session's list or text under `key`, leaving out empty ones and the empty id (what
 * waits for the page's first session, whichever that turns out to be). A full or disabled storage
 * costs the copy after a reload, never what the page holds.
 */
export function savePerSession(key: string, values: Iterable<readonly [string, TPerSessionValue]>, storage?: Storage): void {
  keysInUse.add(key)
  const kept = [...values].filter(([sessionId, value]) => sessionId !== '' && value.length > 0 && !forgotten.has(sessionId))
  try {
    if (kept.length === 0) (storage ?? sessionStorage).removeItem(key)
    else (storage ?? sessionStorage).setItem(key, JSON.stringify(Object.fromEntries(kept)))
  } catch {
    // See above: only the copy is lost.
  }
}

/**
 * A deleted session: what this tab kept of it (its draft, queued prompts, command log) goes from
 * every key, and later saves leave it out, though the page may still hold it until it reloads.
 */
export function forgetSession(sessionId: string, storage?: Storage): void {
  forgotten.add(sessionId)
  for (const key of keysInUse) {
    const kept = loadKept(key, storage)
    if (kept.some(([id]) => id === sessionId)) savePerSession(key, kept.filter(isPerSessionValue), storage)
  }
}

function isPerSessionValue(entry: [string, unknown]): entry is [string, TPerSessionValue] {
  return Array.isArray(entry[1]) || typeof entry[1] === 'string'
}
