import { ValidationError } from '../core/errors.ts'
import { isPermissionMode, type TPermissionMode } from '../permissions/index.ts'
import type { HostedSessionRecords } from './hosted-session-records.ts'

/**
 * Each session's permission mode in one host, kept in the session's record rather than in the
 * live session, which a host lets go of (a close, another tab taking over, a sandbox switch) and
 * starts again from storage: the mode the user chose must outlive it.
 */
export class SessionPermissionModes {
  /** @param fallback the mode of a session nobody chose one for. */
  constructor(
    private readonly fallback: TPermissionMode,
    private readonly records: HostedSessionRecords
  ) {}

  /** The mode chosen for the session, if any. */
  chosen(sessionId: string): TPermissionMode | undefined {
    return this.records.peek(sessionId)?.permissionMode
  }

  /** The chosen mode, else `settingsDefault` (the workspace's `permissions.defaultMode`), else the host's. */
  modeFor(sessionId: string, settingsDefault?: TPermissionMode): TPermissionMode {
    return this.records.peek(sessionId)?.permissionMode ?? settingsDefault ?? this.fallback
  }

  /** @throws {ValidationError} when `mode` is not a permission mode. */
  set(sessionId: string, mode: TPermissionMode): void {
    if (!isPermissionMode(mode)) throw new ValidationError(`Unknown permission mode "${String(mode)}".`)
    this.records.of(sessionId).permissionMode = mode
  }
}
