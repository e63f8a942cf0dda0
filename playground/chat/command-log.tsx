import { lazy, Suspense } from 'react'
import type { TCommandOutcome } from '../../lib/host/agent-host.ts'
import { formatTokenCount } from '../../worker/react/format-token-count.ts'
import { commandEffectOf } from './command-effects.ts'
import type { TCompactionResult } from './describe-compaction.ts'

/** One command the user ran in this page, while it runs and after. */
export type TCommandLogEntry = {
  id: number
  line: string
  /** Read back from the tab's storage after a reload; such results show folded. */
  restored?: boolean
} & ({ state: 'running' } | { state: 'done'; outcome: TCommandOutcome } | { state: 'failed'; message: string })

/** What the command log shows, and how the person lets go of it. */
export type TCommandLogProps = {
  entries: readonly TCommandLogEntry[]
  /** The last compaction's result (or failure). */
  compaction: TCompactionResult | undefined
  /** Lets go of the entries (`TSlashCommands.clear`); with it the results have a Close button. */
  onDismiss?: () => void
}

// Only a session that ran a command (or compacted) shows results: they load with the first, not with the page.
// They take `commandEffectOf` and `formatTokenCount` from here, so that the page's first script,
// which needs them too, holds the one copy rather than a chunk shared with them.
const CommandResults = lazy(() => import('./command-results.tsx').then((module) => ({ default: module.CommandResults })))

/** Slash commands run in this session and what they answered, below the conversation. */
export function CommandLog(props: TCommandLogProps) {
  if (props.entries.length === 0 && !props.compaction) return null
  return (
    <Suspense>
      <CommandResults {...props} effectOf={commandEffectOf} formatTokens={formatTokenCount} />
    </Suspense>
  )
}
