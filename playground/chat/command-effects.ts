import type { TCommandOutcome } from '../../lib/host/agent-host.ts'
import type { TPermissionMode } from '../../lib/permissions/index.ts'
import { PERMISSION_MODES } from '../settings/playground-settings.ts'

/**
 * What the page does for a command whose work falls to its caller (the spec's `data` signals):
 * `/resume` asks for the session picker, `/reset` for the settings to go back to their defaults.
 */
export type TCommandEffect = 'open-session-picker' | 'reset-settings'

/** The effect an outcome asks of the page, if any. */
export function commandEffectOf(outcome: TCommandOutcome): TCommandEffect | undefined {
  if (!outcome.success) return undefined
  if (outcome.data?.triggerResumePicker === true) return 'open-session-picker'
  if (outcome.data?.resetRequested === true) return 'reset-settings'
  return undefined
}

/** The permission mode a command reports the session in (`/mode`), for the page's settings to show. */
export function reportedModeOf(outcome: TCommandOutcome): TPermissionMode | undefined {
  const mode = outcome.success ? outcome.data?.mode : undefined
  return PERMISSION_MODES.find((known) => known === mode)
}
