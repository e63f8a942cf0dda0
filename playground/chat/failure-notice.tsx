import { useEffect, useState } from 'react'
import type { TFailureNotice } from './describe-failure.ts'
import { loadedFailureWording, loadFailureWording } from './failure-wording.ts'

type TFailureNoticeProps = {
  message: string
  code?: string | undefined
  onOpenSettings: () => void
}

/** A failed turn in words: what happened, what arrived before it, the provider's own message, and the fix. */
export function FailureNotice({ message, code, onOpenSettings }: TFailureNoticeProps) {
  const wording = useFailureWording()
  const notice: TFailureNotice = wording ? wording.describeFailure(message, code) : { title: 'The turn failed.', detail: message, opensSettings: false }
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

// The wording loads in an idle period once a session is open (`ChatPane`), before a turn can fail.
// Until it is there, or were it not to load at all, the notice says the turn failed, in the
// provider's own words.
function useFailureWording() {
  const [wording, setWording] = useState(loadedFailureWording)
  useEffect(() => {
    if (wording) return
    let active = true
    loadFailureWording().then(
      (module) => active && setWording(module),
      () => undefined
    )
    return () => {
      active = false
    }
  }, [wording])
  return wording
}
