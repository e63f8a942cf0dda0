export { MemorySessionStore } from './memory-session-store.ts'

export type {
  ISessionStore,
  TCorruptSessionEntry,
  TSessionListing,
  TSessionRecord,
  TSessionSummary
} from './session-store.ts'
