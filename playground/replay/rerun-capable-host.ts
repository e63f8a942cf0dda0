import type { IAgentHost } from '../../lib/session/agent-host.ts'
import type { TReplayRerunReport } from '../../lib/session/replay-rerun.ts'

/** A host that can re-run a stored session offline (see `rerunReplay` in lib/session/replay-rerun.ts). */
export type TRerunCapableHost = IAgentHost & { rerunReplay(sessionId: string): Promise<TReplayRerunReport> }

/** Whether this host offers `rerunReplay`; older hosts and clients do not. */
export function canRerunReplay(host: IAgentHost): host is TRerunCapableHost {
  return typeof (host as Partial<TRerunCapableHost>).rerunReplay === 'function'
}
