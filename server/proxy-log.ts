import { redactSecrets } from '../lib/storage/replay-log/redact-secrets.ts'
import type { TProviderProxyLogEntry } from './provider-proxy-options.ts'

/** Writes one log entry, with the secrets a request carried redacted beside the server's. */
export type TProxyLog = (entry: TProviderProxyLogEntry, requestSecrets: readonly string[]) => void

/**
 * The app's log behind the replay log's redaction: the server's keys, the credentials the
 * browser sent and any key-shaped string are replaced before an entry reaches `log`. A log that
 * throws never fails a request.
 */
export function createProxyLog(log: ((entry: TProviderProxyLogEntry) => void) | undefined, serverKeys: readonly string[]): TProxyLog {
  if (!log) return () => {}
  return (entry, requestSecrets) => {
    try {
      log(redactSecrets(entry, [...serverKeys, ...requestSecrets]))
    } catch {
      // Logging is the app's business; a broken sink must not turn a good answer into an error.
    }
  }
}

/** The credential values a browser request carries (its `authorization` and `x-api-key`), to redact from logs. */
export function readRequestSecrets(headers: Headers): string[] {
  const secrets: string[] = []
  const authorization = headers.get('authorization')
  if (authorization) secrets.push(authorization.replace(/^\S+\s+/, ''), authorization)
  const apiKey = headers.get('x-api-key')
  if (apiKey) secrets.push(apiKey)
  return secrets
}
