export { MemorySessionStore } from './memory-session-store.ts'
export {
  canonicalJson,
  chainReplayEvents,
  GENESIS_HASH,
  hashReplayEvent,
  REPLAY_FORMAT_VERSION,
  toReplayLogHead,
  verifyReplayLog
} from './replay-log/hash-chain.ts'
export { DEFAULT_MAX_IMPORT_BYTES, exportReplayLogJsonl, importReplayLogJsonl } from './replay-log/replay-jsonl.ts'
export { recordedPrompts, ReplayDivergenceError, ReplayProvider } from './replay-log/replay-provider.ts'
export { REDACTED, redactSecrets, redactSecretText } from './replay-log/redact-secrets.ts'
export { findReplayGaps } from './replay-log/validate-replay-log.ts'

export type { TReplayLogHead, TReplayRecord, TReplayVerification } from './replay-log/hash-chain.ts'
export type { TReplayExportHeader, TReplayImport } from './replay-log/replay-jsonl.ts'
export type { TReplayGap } from './replay-log/validate-replay-log.ts'
export type {
  ISessionStore,
  TCorruptSessionEntry,
  TSessionListing,
  TSessionRecord,
  TSessionSummary
} from './session-store.ts'
