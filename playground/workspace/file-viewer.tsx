import { useEffect, useState } from 'react'
import type { IAgentHost } from '../../lib/host/agent-host.ts'
import { formatFileSize } from './format-file-size.ts'

type TFileViewerProps = { host: IAgentHost; sessionId: string; path: string | undefined; version: number }

type TContent = { state: 'loading' } | { state: 'loaded'; text: string } | { state: 'failed'; message: string } | { state: 'binary'; bytes: number }

// The host refuses to show a binary file as text and says how large it is.
function binarySize(error: unknown): number | undefined {
  const details = (error as { details?: { binary?: unknown; bytes?: unknown } } | undefined)?.details
  return details?.binary === true && typeof details.bytes === 'number' ? details.bytes : undefined
}

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
      .catch((error: unknown) => {
        if (!active) return
        const bytes = binarySize(error)
        setContent(bytes === undefined ? { state: 'failed', message: error instanceof Error ? error.message : String(error) } : { state: 'binary', bytes })
      })
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
      {content.state === 'binary' ? <p className="note">Binary file, {formatFileSize(content.bytes)}: not shown as text.</p> : null}
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
