export { MemorySessionStore } from './memory-session-store.ts'
export { MemoryPluginFileStore } from './memory-plugin-file-store.ts'
export { DirectoryPluginFileStore } from './directory-plugin-file-store.ts'
export { sha256Text } from './sha256-text.ts'
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
export { resolveHistoryRanges } from './replay-log/history-range.ts'
export { recordedPrompts, ReplayDivergenceError, ReplayProvider } from './replay-log/replay-provider.ts'
export { REDACTED, redactSecrets, redactSecretText } from './replay-log/redact-secrets.ts'
export { findReplayGaps } from './replay-log/validate-replay-log.ts'

export type { TReplayFormatVersion, TReplayLogHead, TReplayRecord, TReplayVerification } from './replay-log/hash-chain.ts'
export type { THistoryRange, TRecordedRequestData } from './replay-log/history-range.ts'
export type { TReplayExportHeader, TReplayImport } from './replay-log/replay-jsonl.ts'
export type { TReplayGap } from './replay-log/validate-replay-log.ts'
export type { IPluginFileStore } from './plugin-file-store.ts'
export type { TDirectoryFileSystem, TDirectoryPluginFileStoreOptions } from './directory-plugin-file-store.ts'
export type {
  ISessionStore,
  TCorruptSessionEntry,
  TEventWindow,
  TMessageWindow,
  TSessionHead,
  TSessionListing,
  TSessionRecord,
  TSessionSummary,
  TStoredMessageWindow
} from './session-store.ts'
