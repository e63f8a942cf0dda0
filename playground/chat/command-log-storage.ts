import type { TCommandLogEntry } from './command-log.tsx'
import { loadPerSession, savePerSession } from './per-session-storage.ts'

const STORAGE_KEY = 'robota.commandLogs'
// Enough to show what was asked lately; the log is cleared once the conversation moves on anyway.
const ENTRIES_KEPT = 20

/**
 * The command logs this tab kept, by session id, each entry marked `restored`; nothing (never a
 * throw) when there are none or they are unreadable.
 */
export function loadCommandLogs(storage?: Storage): Record<string, TCommandLogEntry[]> {
  const logs = loadPerSession(STORAGE_KEY, isFinishedEntry, storage)
  return Object.fromEntries(Object.entries(logs).map(([sessionId, entries]) => [sessionId, entries.map((entry) => ({ ...entry, restored: true }))]))
}

/**
 * Keeps the finished entries of every session's log for a reload of this tab. A command still
 * running when the tab goes away has no answer to show again, so it is not kept.
 */
export function saveCommandLogs(logs: Record<string, readonly TCommandLogEntry[]>, storage?: Storage): void {
  savePerSession(
    STORAGE_KEY,
    Object.entries(logs).map(([sessionId, entries]) => [sessionId, entries.filter(isFinishedEntry).slice(-ENTRIES_KEPT)] as const),
    storage
  )
}

function isFinishedEntry(entry: unknown): entry is TCommandLogEntry {
  if (!entry || typeof entry !== 'object') return false
  const { id, line, state } = entry as { id?: unknown; line?: unknown; state?: unknown }
  if (typeof id !== 'number' || typeof line !== 'string') return false
  if (state === 'done') return typeof (entry as { outcome?: { message?: unknown } }).outcome?.message === 'string'
  return state === 'failed' && typeof (entry as { message?: unknown }).message === 'string'
}
