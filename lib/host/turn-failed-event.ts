import { describeError } from '../core/describe-error.ts'
import { redactSecretText } from '../storage/replay-log/redact-secrets.ts'
import type { THostEvent } from './agent-host.ts'

/** The `turn_failed` event of a turn that threw `error`: its message with `secrets` cut, and its code (`UNKNOWN` when it has none). */
export function turnFailedEvent(sessionId: string, error: unknown, secrets: readonly string[]): THostEvent {
  const code = (error as { code?: unknown } | undefined)?.code
  return { kind: 'turn_failed', sessionId, message: redactSecretText(describeError(error), secrets), code: typeof code === 'string' ? code : 'UNKNOWN' }
}
