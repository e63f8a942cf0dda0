import { useEffect, useRef, useState } from 'react'
import type { IAgentHost } from '../../lib/host/agent-host.ts'
import { describeError } from '../../worker/react/describe-error.ts'

/** Where hydrating the first session from a manifest stands. */
export type TInitialManifestStatus = { state: 'idle' | 'applying' | 'applied' } | { state: 'failed'; message: string }

/**
 * Applies `manifest` once, to the first open session that has no messages yet (an embed's
 * `manifest` attribute), and reports progress so the page can show it. It reports `applying` from
 * the render that opens such a session on, so nothing sent meanwhile (a queued prompt, `autorun`)
 * runs before the workspace is in place.
 */
export function useInitialManifest(host: IAgentHost, sessionId: string | undefined, messageCount: number, manifest: unknown): TInitialManifestStatus {
  const [status, setStatus] = useState<TInitialManifestStatus>({ state: 'idle' })
  const done = useRef(false)
  useEffect(() => {
    if (manifest === undefined || done.current || !sessionId || messageCount > 0) return
    done.current = true
    setStatus({ state: 'applying' })
    host
      .applyManifest(sessionId, manifest)
      .then((result) => {
        const failed = result.entries.filter((entry) => entry.status === 'failed')
        setStatus(failed.length === 0 ? { state: 'applied' } : { state: 'failed', message: failed.map((entry) => `${entry.path}: ${entry.message ?? 'failed'}`).join('; ') })
      })
      .catch((error: unknown) => setStatus({ state: 'failed', message: describeError(error) }))
  }, [host, sessionId, messageCount, manifest])
  const due = manifest !== undefined && status.state === 'idle' && sessionId !== undefined && messageCount === 0
  return due ? { state: 'applying' } : status
}
