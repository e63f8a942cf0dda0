import { useState } from 'react'
import type { IAgentHost } from '../../lib/session/agent-host.ts'
import { FileTree } from './file-tree.tsx'
import { FileUpload } from './file-upload.tsx'
import { FileViewer } from './file-viewer.tsx'
import { ManifestEditor } from './manifest-editor.tsx'

type TWorkspacePanelProps = {
  host: IAgentHost
  sessionId: string | undefined
  /** Bumped by the page when a turn ends, so the tree shows what the agent changed. */
  filesVersion: number
  sandboxStatus: 'idle' | 'loading' | 'ready' | 'failed'
}

/** The session's sandbox: which kind, its files, uploads, and workspace manifests. */
export function WorkspacePanel({ host, sessionId, filesVersion, sandboxStatus }: TWorkspacePanelProps) {
  const [localVersion, setLocalVersion] = useState(0)
  const [openPath, setOpenPath] = useState<string | undefined>()
  const version = filesVersion + localVersion
  const changed = () => setLocalVersion((current) => current + 1)

  if (!sessionId) return <p className="note">Open a session to see its workspace.</p>
  return (
    <div className="workspace" aria-label="Workspace">
      <fieldset className="sandbox-kind">
        <legend>Sandbox</legend>
        <label>
          <input type="radio" name="sandbox-kind" checked readOnly /> In-memory (this tab)
        </label>
        <label className="disabled">
          <input type="radio" name="sandbox-kind" disabled /> E2B microVM
        </label>
        <p className="note">E2B sandboxes are not wired into the playground host yet; every session runs in the in-memory sandbox.</p>
        {sandboxStatus === 'loading' ? (
          <p className="progress" role="status">
            <span className="spinner" aria-hidden="true" /> Loading the shell and restoring files…
          </p>
        ) : null}
      </fieldset>
      <div className="files">
        <div className="files-head">
          <h3>Files</h3>
          <button type="button" onClick={changed}>
            Refresh
          </button>
        </div>
        <FileTree host={host} sessionId={sessionId} version={version} selectedPath={openPath} onOpen={setOpenPath} />
        <FileUpload host={host} sessionId={sessionId} onUploaded={changed} />
        <FileViewer host={host} sessionId={sessionId} path={openPath} version={version} />
      </div>
      <ManifestEditor host={host} sessionId={sessionId} onApplied={changed} />
    </div>
  )
}
