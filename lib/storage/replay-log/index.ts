export { chainReplayEvents, canonicalJson, GENESIS_HASH, hashReplayEvent, REPLAY_FORMAT_VERSION, verifyReplayLog } from './hash-chain.ts'
export { DEFAULT_MAX_IMPORT_BYTES, exportReplayLogJsonl, importReplayLogJsonl } from './replay-jsonl.ts'
export { REDACTED, redactSecrets, redactSecretText } from './redact-secrets.ts'
export { findReplayGaps } from './validate-replay-log.ts'

export type { TReplayRecord, TReplayVerification } from './hash-chain.ts'
export type { TReplayExportHeader, TReplayImport } from './replay-jsonl.ts'
export type { TReplayGap } from './validate-replay-log.ts'
