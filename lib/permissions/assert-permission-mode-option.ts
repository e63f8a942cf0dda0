import { ConfigurationError } from '../core/errors.ts'
import { isPermissionMode, PERMISSION_MODES } from './permission-mode.ts'

/**
 * Refuses a `permissionMode` option that names no mode, when it is given: checked as the options
 * arrive, before anything is stored under a session that could never run a turn.
 *
 * @param where names the entry point in the message, e.g. `new InteractiveSession(options)`.
 * @throws ConfigurationError naming the option, the modes and what was given.
 */
export function assertPermissionModeOption(where: string, mode: unknown): void {
  if (mode === undefined || isPermissionMode(mode)) return
  throw new ConfigurationError(`${where}: permissionMode must be one of ${PERMISSION_MODES.join(', ')}; got ${JSON.stringify(mode) ?? String(mode)}.`)
}
