import type { TCommandLogEntry } from './command-log.tsx'

const STORAGE_KEY = 'robota.commandLogs'
// Enough to show what was asked lately; the log is cleared once the conversation moves on anyway.
const ENTRIES_KEPT = 20

/** The command logs this tab kept, by session id; nothing (never a throw) when there are none or they are unreadable. */
export function loadCommandLogs(storage: Storage | undefined = globalThis.sessionStorage): Record<string, TCommandLogEntry[]> {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '{}')
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {}
    const logs: Record<string, TCommandLogEntry[]> = {}
    for (const [sessionId, entries] of Object.entries(parsed)) {
      if (Array.isArray(entries)) logs[sessionId] = entries.filter(isFinishedEntry)
    }
    return logs
  } catch {
    return {}
  }
}

/**
 * Keeps the finished entries of every session's log for a reload of this tab. A command still
 * running when the tab goes away has no answer to show again, so it is not kept.
 */
export function saveCommandLogs(logs: Record<string, readonly TCommandLogEntry[]>, storage: Storage | undefined = globalThis.sessionStorage): void {
  const kept: Record<string, TCommandLogEntry[]> = {}
  for (const [sessionId, entries] of Object.entries(logs)) {
    const finished = entries.filter(isFinishedEntry).slice(-ENTRIES_KEPT)
    if (finished.length > 0) kept[sessionId] = finished
  }
  try {
    if (Object.keys(kept).length === 0) storage?.removeItem(STORAGE_KEY)
    else storage?.setItem(STORAGE_KEY, JSON.stringify(kept))
  } catch {
    // A full or disabled storage costs the log after a reload, never the command.
  }
}

function isFinishedEntry(entry: unknown): entry is TCommandLogEntry {
  if (!entry || typeof entry !== 'object') return false
  const { id, line, state } = entry as { id?: unknown; line?: unknown; state?: unknown }
  if (typeof id !== 'number' || typeof line !== 'string') return false
  if (state === 'done') return typeof (entry as { outcome?: { message?: unknown } }).outcome?.message === 'string'
  return state === 'failed' && typeof (entry as { message?: unknown }).message === 'string'
}
