import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { useAdoptedStylesheet } from '../shell/adopted-stylesheet.ts'
import { useMayTakeFocus } from '../shell/focus-policy.ts'
import type { TPermissionAnswer } from '../../lib/session/permission-enforcer-types.ts'
import type { TPendingPermission } from '../../worker/react/session-view-state.ts'
import styles from './permission-prompt.css?inline'

type TPermissionPromptProps = {
  pending: TPendingPermission
  /** The call's arguments in one line. */
  summary: string
  /** What the call would change (a file's diff), when it changes something. */
  preview: ReactNode
  onAnswer: (requestId: string, answer: TPermissionAnswer) => void
  /** Escape: stops the running turn, as it does in the prompt box. */
  onStop: () => void
  /** Focus "Allow once"; only the first of several prompts has it, and the next takes over. */
  focus: boolean
}

/** Asks whether a tool call may run: this once, every call like it this session, or not at all. */
export function PermissionPrompt({ pending, summary, preview, onAnswer, onStop, focus }: TPermissionPromptProps) {
  const { requestId, request } = pending
  const allowOnce = useRef<HTMLButtonElement>(null)
  const mayTakeFocus = useMayTakeFocus()
  const stylesheetRef = useAdoptedStylesheet(styles)
  useEffect(() => {
    if (focus && mayTakeFocus()) allowOnce.current?.focus()
  }, [focus, mayTakeFocus])
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    event.preventDefault()
    onStop()
  }
  return (
    <div ref={stylesheetRef} className="permission" role="alertdialog" aria-label={`Allow ${request.toolName}?`} aria-describedby={`permission-${requestId}`} onKeyDown={onKeyDown}>
      <p id={`permission-${requestId}`}>
        {request.subagent ? `${request.subagent.agentType} (subagent)` : 'The agent'} wants to run <strong>{request.toolName}</strong>: <code>{summary}</code>
        <span className="note"> · mode {request.mode}</span>
      </p>
      {request.reason ? <p className="note">{request.reason}</p> : null}
      {preview}
      <div className="permission-actions">
        <button type="button" ref={allowOnce} onClick={() => onAnswer(requestId, 'allow_once')}>
          Allow once
        </button>
        <button type="button" onClick={() => onAnswer(requestId, { allowForSession: request.suggestedPattern })}>
          Allow <code>{request.suggestedPattern}</code> for this session
        </button>
        <button type="button" className="deny" onClick={() => onAnswer(requestId, 'deny')}>
          Deny
        </button>
      </div>
    </div>
  )
}
