import { useState } from 'react'

/** Lines a prompt shows before it folds. */
const FOLDED_LINES = 12
/** Characters a prompt shows before it folds (a long line counts as several). */
const FOLDED_CHARACTERS = 1_500

/** The part of `text` a folded prompt shows, or `undefined` when the whole of it is short enough. */
export function foldedPrompt(text: string): string | undefined {
  const lines = text.split('\n')
  if (lines.length <= FOLDED_LINES && text.length <= FOLDED_CHARACTERS) return undefined
  return lines.slice(0, FOLDED_LINES).join('\n').slice(0, FOLDED_CHARACTERS)
}

/** A prompt the user sent; a long one (a pasted file, say) shows its start and unfolds on request. */
export function UserPrompt({ text }: { text: string }) {
  const [open, setOpen] = useState(false)
  const folded = foldedPrompt(text)
  return (
    <article className="message user" aria-label="You">
      <p>{folded === undefined || open ? text : `${folded}…`}</p>
      {folded === undefined ? null : (
        <button type="button" className="link" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Show less' : `Show all (${text.split('\n').length.toLocaleString('en')} lines, ${text.length.toLocaleString('en')} characters)`}
        </button>
      )}
    </article>
  )
}
