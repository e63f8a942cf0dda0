import type { TPendingPermission } from '../../worker/react/session-view-state.ts'
import type { TPermissionAnswer } from '../../lib/session/permission-enforcer-types.ts'

type TPermissionPromptProps = {
  pending: TPendingPermission
  onAnswer: (requestId: string, answer: TPermissionAnswer) => void
}

/** Asks whether a tool call may run: this once, every call like it this session, or not at all. */
export function PermissionPrompt({ pending, onAnswer }: TPermissionPromptProps) {
  const { requestId, request } = pending
  const summary = typeof request.parameters.command === 'string' ? request.parameters.command : JSON.stringify(request.parameters)
  return (
    <div className="permission" role="alertdialog" aria-label={`Allow ${request.toolName}?`}>
      <p>
        The agent wants to run <strong>{request.toolName}</strong>: <code>{summary}</code>
      </p>
      {request.reason ? <p className="note">{request.reason}</p> : null}
      <div className="permission-actions">
        <button type="button" onClick={() => onAnswer(requestId, 'allow_once')}>
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
