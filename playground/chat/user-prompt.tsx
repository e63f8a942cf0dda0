import { memo, useState } from 'react'
import { CopyButton } from './copy-button.tsx'
import { formatCount } from '../shell/format-count.ts'

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

/** What can be done with a sent prompt; without them it only shows. */
export type TUserPromptActions = {
  /** Puts the prompt back into the prompt box, to change it and send it anew; `undefined` while that cannot be done. */
  onEdit: ((text: string) => void) | undefined
  /** Sends the same prompt again as a new turn; `undefined` while that cannot be done. */
  onResend: ((text: string) => void) | undefined
}

/**
 * A prompt the user sent; a long one (a pasted file, say) shows its start and unfolds on request.
 * It can be copied, edited into the prompt box, or asked again (Retry). Its buttons' names carry
 * `number`, the message's place in the conversation, so a screen reader tells a dozen of them apart.
 */
export const UserPrompt = memo(function UserPrompt({ text, number, actions }: { text: string; number: number; actions?: TUserPromptActions }) {
  const [open, setOpen] = useState(false)
  const folded = foldedPrompt(text)
  // The actions sit beside the message, not in it: the message's text is the prompt alone.
  return (
    <div className="user-turn">
      <article className="message user" aria-label="You">
        <p>{folded === undefined || open ? text : `${folded}…`}</p>
        {folded === undefined ? null : (
          <button type="button" className="link" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'Show less' : `Show all (${formatCount(text.split('\n').length)} lines, ${formatCount(text.length)} characters)`}
          </button>
        )}
      </article>
      <div className="message-actions" role="group" aria-label={`Message ${number} actions`}>
        <CopyButton text={text} label={`Copy message ${number}`} />
        {actions ? (
          <>
            <button type="button" className="link" aria-label={`Edit message ${number}`} disabled={!actions.onEdit} onClick={() => actions.onEdit?.(text)}>
              Edit
            </button>
            <button
              type="button"
              className="link"
              aria-label={`Retry message ${number}`}
              disabled={!actions.onResend}
              title="Ask the same again, as a new turn"
              onClick={() => actions.onResend?.(text)}
            >
              Retry
            </button>
          </>
        ) : null}
      </div>
    </div>
  )
})
