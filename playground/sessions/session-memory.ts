/** Where a playground remembers the session it had open, for the next time it loads. */
export type TSessionMemory = {
  read(): string | undefined
  write(sessionId: string): void
}

/**
 * The session memory of one key in `storage` (an embed's `localStorage`, per element). A storage
 * the browser refuses (a sandboxed frame, blocked cookies) remembers nothing and throws nothing.
 */
export function storedSessionMemory(storage: () => Storage, key: string): TSessionMemory {
  return {
    read: () => {
      try {
        return storage().getItem(key) ?? undefined
      } catch {
        return undefined
      }
    },
    write: (sessionId) => {
      try {
        storage().setItem(key, sessionId)
      } catch {
        // Nothing to keep it in: the next load starts a session of its own.
      }
    }
  }
}
