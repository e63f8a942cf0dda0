import { describeFailure } from './describe-failure.ts'

type TFailureNoticeProps = {
  message: string
  code?: string | undefined
  onOpenSettings: () => void
}

/** A failed turn in words: what happened, what arrived before it, the provider's own message, and the fix. */
export function FailureNotice({ message, code, onOpenSettings }: TFailureNoticeProps) {
  const notice = describeFailure(message, code)
  return (
    <div className="failure" role="alert">
      <p className="failure-title">{notice.title}</p>
      {notice.partial ? (
        <blockquote className="failure-partial" aria-label="Partial reply">
          {notice.partial}
        </blockquote>
      ) : null}
      <p className="failure-detail">{notice.detail}</p>
      {notice.fix ? (
        <p className="failure-fix">
          <strong>Fix:</strong> {notice.fix}{' '}
          {notice.opensSettings ? (
            <button type="button" className="link" onClick={onOpenSettings}>
              Open Settings
            </button>
          ) : null}
        </p>
      ) : null}
    </div>
  )
}
