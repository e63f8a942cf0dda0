import { useRef, useState, type ChangeEvent, type DragEvent } from 'react'
import type { IAgentHost } from '../../lib/host/agent-host.ts'
import { WORKSPACE_ROOT } from './file-tree.tsx'

type TFileUploadProps = { host: IAgentHost; sessionId: string; onUploaded: () => void }

/** Puts files from this computer into the sandbox's workspace: pick them or drop them here. */
export function FileUpload({ host, sessionId, onUploaded }: TFileUploadProps) {
  const input = useRef<HTMLInputElement>(null)
  const [status, setStatus] = useState<{ tone: 'ok' | 'bad' | 'busy'; text: string } | undefined>()
  const [dragging, setDragging] = useState(false)

  const upload = async (files: readonly File[]) => {
    if (files.length === 0) return
    setStatus({ tone: 'busy', text: `Uploading ${files.length} file${files.length === 1 ? '' : 's'}…` })
    try {
      for (const file of files) await host.writeFile(sessionId, `${WORKSPACE_ROOT}/${file.name}`, new Uint8Array(await file.arrayBuffer()))
      setStatus({ tone: 'ok', text: `Uploaded ${files.map((file) => file.name).join(', ')} to ${WORKSPACE_ROOT}.` })
      onUploaded()
    } catch (error) {
      setStatus({ tone: 'bad', text: `Upload failed: ${error instanceof Error ? error.message : String(error)}` })
    }
  }

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])]
    event.target.value = ''
    void upload(files)
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    void upload([...event.dataTransfer.files])
  }

  return (
    <div
      className={`upload${dragging ? ' dragging' : ''}`}
      onDragOver={(event) => {
        event.preventDefault()
        setDragging(true)
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <button type="button" onClick={() => input.current?.click()}>
        Upload files
      </button>
      <span className="note"> or drop them here</span>
      <input ref={input} type="file" multiple hidden aria-label="Files to upload" onChange={onPick} />
      {status ? (
        <p className={`outcome ${status.tone}`} role={status.tone === 'bad' ? 'alert' : 'status'}>
          {status.text}
        </p>
      ) : null}
    </div>
  )
}
