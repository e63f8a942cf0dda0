import { useEffect, useRef, useState } from 'react'
import type { TCommandOutcome } from '../../lib/host/agent-host.ts'
import { COMMAND_EFFECT_NOTES } from './command-effect-notes.ts'
import type { TCommandEffect } from './command-effects.ts'
import { describeCompaction, type TCompactionResult } from './describe-compaction.ts'
import { describeMissingKeyFailure } from './describe-failure.ts'
import type { TCommandLogEntry, TCommandLogProps } from './command-log.tsx'
import { useAdoptedStylesheet } from '../shell/adopted-stylesheet.ts'
import styles from './command-results.css?inline'

type TCommandResultsProps = TCommandLogProps & {
  /** The effect an outcome asked of the page (`commandEffectOf`), handed in by the log, which loads with the page. */
  effectOf: (outcome: TCommandOutcome) => TCommandEffect | undefined
  /** The page's token count format (`formatTokenCount`), handed in by the log for the same reason. */
  formatTokens: (tokens: number) => string
}

/**
 * The command log's results: each command with its answer, oldest first, in a box of limited
 * height that scrolls to the newest as it comes and as it is answered. Those read back after a
 * reload wait folded on one line. With `onDismiss`, a Close button lets go of them and hands the
 * keyboard to the prompt box.
 */
export function CommandResults({ entries, compaction, onDismiss, effectOf, formatTokens }: TCommandResultsProps) {
  const log = useRef<HTMLElement>(null)
  const adoptStyles = useAdoptedStylesheet(styles)
  // The compaction notice is not the log's to forget: Close hides this one, and a newer one shows.
  const [closedCompaction, setClosedCompaction] = useState<typeof compaction>()
  const newest = entries.at(-1)
  // A /compact the log shows says what it came to itself: the notice is for compactions nothing
  // here asked for (the engine's own, near a full context window, or another tab's).
  const askedHere = newest !== undefined && !newest.restored && /^\/compact\b/.test(newest.line) && !(compaction && 'outcome' in compaction && compaction.outcome.trigger === 'auto')
  const shownCompaction = compaction === closedCompaction || askedHere ? undefined : compaction
  useEffect(() => {
    log.current?.lastElementChild?.scrollIntoView({ block: 'nearest' })
  }, [newest, shownCompaction])
  if (!newest && !shownCompaction) return null
  const close = () => {
    // The button goes with the results: the keyboard carries on in the chat's prompt box below them.
    log.current?.closest('main')?.querySelector<HTMLElement>('textarea[aria-label="Prompt"]')?.focus()
    setClosedCompaction(compaction)
    onDismiss?.()
  }
  const attachLog = (element: HTMLElement | null) => {
    log.current = element
    adoptStyles(element)
  }
  const restored = entries.filter((entry) => entry.restored)
  return (
    <section ref={attachLog} className="command-log" aria-label="Command results" aria-live="polite" tabIndex={0}>
      {onDismiss ? (
        <button type="button" className="command-log-close" aria-label="Close command results" onClick={close}>
          Close
        </button>
      ) : null}
      {restored.length > 0 ? <EarlierResults entries={restored} effectOf={effectOf} /> : null}
      {entries
        .filter((entry) => !entry.restored)
        .map((entry) => (
          <CommandEntry key={entry.id} entry={entry} effectOf={effectOf} />
        ))}
      {shownCompaction ? <CompactionNote result={shownCompaction} formatTokens={formatTokens} /> : null}
    </section>
  )
}

// What was answered before the reload is not what the person came back for: one line, until opened.
function EarlierResults({ entries, effectOf }: { entries: readonly TCommandLogEntry[]; effectOf: TCommandResultsProps['effectOf'] }) {
  return (
    <details className="command-earlier">
      <summary>
        {entries.length === 1 ? 'A result' : `${entries.length} results`} from before the reload: {entries.map((entry) => entry.line).join(', ')}
      </summary>
      {entries.map((entry) => (
        <CommandEntry key={entry.id} entry={entry} effectOf={effectOf} />
      ))}
    </details>
  )
}

function CompactionNote({ result, formatTokens }: { result: TCompactionResult; formatTokens: TCommandResultsProps['formatTokens'] }) {
  const { text, failed } = describeCompaction(result, formatTokens)
  return (
    <p className={failed ? 'error compaction-result' : 'note compaction-result'} role="status">
      {text}
    </p>
  )
}

function CommandEntry({ entry, effectOf }: { entry: TCommandLogEntry; effectOf: TCommandResultsProps['effectOf'] }) {
  return (
    <article className={`command-entry ${entryClass(entry)}`}>
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
          <CommandAnswer outcome={entry.outcome} />
        )
      ) : null}
      {entry.state === 'done' ? <CommandEffectNote effect={effectOf(entry.outcome)} /> : null}
    </article>
  )
}

// A model switch refused for a key a reload forgot says so as a failed turn would, not in the provider's words for developers.
function CommandAnswer({ outcome }: { outcome: TCommandOutcome }) {
  const missingKey = outcome.success ? undefined : describeMissingKeyFailure(outcome.message)
  if (!missingKey) return <pre className="command-output">{outcome.message}</pre>
  return (
    <p className="error">
      {missingKey.title} {missingKey.fix}
    </p>
  )
}

function CommandEffectNote({ effect }: { effect: TCommandEffect | undefined }) {
  return effect ? <p className="note">{COMMAND_EFFECT_NOTES[effect]}</p> : null
}

function entryClass(entry: TCommandLogEntry): string {
  if (entry.state === 'done') return entry.outcome.success ? 'succeeded' : 'refused'
  return entry.state
}
