import { useEffect, useState } from 'react'
import type { IAgentHost } from '../../lib/host/agent-host.ts'

type TFileViewerProps = { host: IAgentHost; sessionId: string; path: string | undefined; version: number }

type TContent = { state: 'loading' } | { state: 'loaded'; text: string } | { state: 'failed'; message: string }

/** The selected sandbox file, read-only, with line numbers; reloads when the files may have changed. */
export function FileViewer({ host, sessionId, path, version }: TFileViewerProps) {
  const [content, setContent] = useState<TContent>({ state: 'loading' })

  useEffect(() => {
    if (!path) return
    let active = true
    setContent({ state: 'loading' })
    host
      .readFile(sessionId, path)
      .then((text) => active && setContent({ state: 'loaded', text }))
      .catch((error: unknown) => active && setContent({ state: 'failed', message: error instanceof Error ? error.message : String(error) }))
    return () => {
      active = false
    }
  }, [host, sessionId, path, version])

  if (!path) return <p className="note">Select a file to view it.</p>
  return (
    <section className="file-viewer" aria-label={`File ${path}`}>
      <h3 className="viewer-path">{path}</h3>
      {content.state === 'loading' ? <p className="note">Loading…</p> : null}
      {content.state === 'failed' ? <p className="error">{content.message}</p> : null}
      {content.state === 'loaded' ? (
        <pre className="viewer-content" tabIndex={0}>
          {content.text.split('\n').map((line, index) => (
            <div key={index} className="viewer-line">
              <span className="line-number" aria-hidden="true">
                {index + 1}
              </span>
              {line}
            </div>
          ))}
        </pre>
      ) : null}
    </section>
  )
}
