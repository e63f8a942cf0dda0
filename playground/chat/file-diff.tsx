import { diffLines } from 'diff'
import { useMemo } from 'react'
import type { TFileChange } from './file-change.ts'

type TDiffLine = { kind: 'added' | 'removed' | 'same' | 'fold'; text: string; oldNumber?: number; newNumber?: number }

const CONTEXT_LINES = 3

/** A line diff of one file change, unchanged stretches folded, numbered from where the change begins. */
export function FileDiff({ change }: { change: TFileChange }) {
  const lines = useMemo(() => toDiffLines(change), [change])
  const added = lines.filter((line) => line.kind === 'added').length
  const removed = lines.filter((line) => line.kind === 'removed').length
  return (
    <figure className="file-diff" aria-label={`Diff of ${change.path}`}>
      <figcaption>
        <span className="diff-path">{change.path}</span>
        <span className="diff-stat">
          <span className="diff-added-count">+{added}</span> <span className="diff-removed-count">−{removed}</span>
        </span>
        {change.kind === 'created' ? <span className="note">new file</span> : null}
        {change.before === undefined && change.kind !== 'created' ? <span className="note">{change.kind === 'write' ? 'creates or replaces the file' : 'replaced; earlier content not shown'}</span> : null}
      </figcaption>
      <pre>
        {lines.map((line, index) => (
          <div key={index} className={`diff-line ${line.kind}`}>
            <span className="diff-number" aria-hidden="true">{line.oldNumber ?? ''}</span>
            <span className="diff-number" aria-hidden="true">{line.newNumber ?? ''}</span>
            <span className="diff-sign" aria-hidden="true">{line.kind === 'added' ? '+' : line.kind === 'removed' ? '−' : ' '}</span>
            <span className="diff-text">
              {line.kind === 'added' ? <span className="visually-hidden">added: </span> : null}
              {line.kind === 'removed' ? <span className="visually-hidden">removed: </span> : null}
              {line.text}
            </span>
          </div>
        ))}
      </pre>
    </figure>
  )
}

function toDiffLines(change: TFileChange): TDiffLine[] {
  const lines: TDiffLine[] = []
  let oldNumber = change.firstLine
  let newNumber = change.firstLine
  for (const part of diffLines(change.before ?? '', change.after)) {
    const texts = part.value.replace(/\n$/, '').split('\n')
    const kind = part.added ? 'added' : part.removed ? 'removed' : 'same'
    for (const text of texts) {
      lines.push({ kind, text, ...(kind !== 'added' ? { oldNumber: oldNumber++ } : {}), ...(kind !== 'removed' ? { newNumber: newNumber++ } : {}) })
    }
  }
  return foldUnchanged(lines)
}

function foldUnchanged(lines: TDiffLine[]): TDiffLine[] {
  const near = lines.map((_, index) => lines.slice(Math.max(0, index - CONTEXT_LINES), index + CONTEXT_LINES + 1).some((line) => line.kind !== 'same'))
  const folded: TDiffLine[] = []
  let hidden = 0
  lines.forEach((line, index) => {
    if (line.kind === 'same' && !near[index]) {
      hidden++
      return
    }
    if (hidden > 0) folded.push({ kind: 'fold', text: `… ${hidden} unchanged line${hidden === 1 ? '' : 's'}` })
    hidden = 0
    folded.push(line)
  })
  if (hidden > 0) folded.push({ kind: 'fold', text: `… ${hidden} unchanged line${hidden === 1 ? '' : 's'}` })
  return folded
}
