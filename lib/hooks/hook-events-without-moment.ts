import { ConfigurationError } from '../core/errors.ts'
import type { THookEvent } from './hook-types.ts'

/** Hook events the spec names that a session has no moment for: a sandbox has no worktrees, and nothing notifies outside the events. */
export const HOOK_EVENTS_WITHOUT_MOMENT: readonly THookEvent[] = ['Notification', 'WorktreeCreate', 'WorktreeRemove']

/**
 * Refuses hooks for events a Robota session never fires, so they are not kept and never run.
 *
 * @param where says where the hooks were written: `.robota/settings.json`, or the call the app wrote.
 * @throws ConfigurationError naming the events.
 */
export function refuseHooksWithoutMoment(where: string, hooks: Readonly<Record<string, readonly unknown[] | undefined>>): void {
  const configured = HOOK_EVENTS_WITHOUT_MOMENT.filter((event) => (hooks[event]?.length ?? 0) > 0)
  if (configured.length === 0) return
  throw new ConfigurationError(
    `${where}: hooks for ${configured.join(', ')} would never run: a Robota session has no moment for ${configured.length === 1 ? 'that event' : 'those events'}. Remove them.`,
    { details: { events: configured } }
  )
}
