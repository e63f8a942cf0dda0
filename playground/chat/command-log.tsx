import type { TCommandOutcome } from '../../lib/host/agent-host.ts'
import { COMMAND_EFFECT_NOTES, commandEffectOf } from './command-effects.ts'

/** One command the user ran in this page, while it runs and after. */
export type TCommandLogEntry =
  | { id: number; line: string; state: 'running' }
  | { id: number; line: string; state: 'done'; outcome: TCommandOutcome }
  | { id: number; line: string; state: 'failed'; message: string }

type TCommandLogProps = {
  entries: readonly TCommandLogEntry[]
  /** The last compaction's result (or failure), worded for people. */
  compaction: { text: string; failed: boolean } | undefined
}

/** Slash commands run in this session and what they answered, below the conversation. */
export function CommandLog({ entries, compaction }: TCommandLogProps) {
  if (entries.length === 0 && !compaction) return null
  return (
    <section className="command-log" aria-label="Command results" aria-live="polite" tabIndex={0}>
      {entries.map((entry) => (
        <article key={entry.id} className={`command-entry ${entryClass(entry)}`}>
          <p className="command-line">
            <code>{entry.line}</code>
            {entry.state === 'running' ? <span className="spinner" aria-hidden="true" /> : null}
          </p>
          {entry.state === 'running' ? <p className="note">Running…</p> : null}
          {entry.state === 'failed' ? <p className="error">{entry.message}</p> : null}
          {entry.state === 'done' ? (
            entry.outcome.skill ? (
              <p className="note">Ran the skill /{entry.outcome.command}; its answer is in the conversation above.</p>
            ) : (
              <pre className="command-output">{entry.outcome.message}</pre>
            )
          ) : null}
          {entry.state === 'done' ? <CommandEffectNote outcome={entry.outcome} /> : null}
        </article>
      ))}
      {compaction ? (
        <p className={compaction.failed ? 'error compaction-result' : 'note compaction-result'} role="status">
          {compaction.text}
        </p>
      ) : null}
    </section>
  )
}

function CommandEffectNote({ outcome }: { outcome: TCommandOutcome }) {
  const effect = commandEffectOf(outcome)
  return effect ? <p className="note">{COMMAND_EFFECT_NOTES[effect]}</p> : null
}

function entryClass(entry: TCommandLogEntry): string {
  if (entry.state === 'done') return entry.outcome.success ? 'succeeded' : 'refused'
  return entry.state
}
