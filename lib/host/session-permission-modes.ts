import { ValidationError } from '../core/errors.ts'
import { isPermissionMode, type TPermissionMode } from '../permissions/index.ts'

/**
 * Each session's permission mode in one host. Kept apart from the live session, which a host
 * lets go of (a close, another tab taking over, a sandbox switch) and starts again from storage:
 * the mode the user chose must outlive it.
 */
export class SessionPermissionModes {
  private readonly modes = new Map<string, TPermissionMode>()

  /** @param fallback the mode of a session nobody chose one for. */
  constructor(private readonly fallback: TPermissionMode) {}

  /** The mode chosen for the session, if any. */
  chosen(sessionId: string): TPermissionMode | undefined {
    return this.modes.get(sessionId)
  }

  /** The chosen mode, else `settingsDefault` (the workspace's `permissions.defaultMode`), else the host's. */
  modeFor(sessionId: string, settingsDefault?: TPermissionMode): TPermissionMode {
    return this.modes.get(sessionId) ?? settingsDefault ?? this.fallback
  }

  /** @throws {ValidationError} when `mode` is not a permission mode. */
  set(sessionId: string, mode: TPermissionMode): void {
    if (!isPermissionMode(mode)) throw new ValidationError(`Unknown permission mode "${String(mode)}".`)
    this.modes.set(sessionId, mode)
  }

  /** A fork starts in the mode of the session it was forked from. */
  copy(sourceId: string, forkId: string): void {
    const mode = this.modes.get(sourceId)
    if (mode) this.modes.set(forkId, mode)
  }

  forget(sessionId: string): void {
    this.modes.delete(sessionId)
  }
}
