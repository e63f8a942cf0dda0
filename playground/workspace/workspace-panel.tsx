import { useState } from 'react'
import type { IAgentHost, TSandboxChoice } from '../../lib/host/agent-host.ts'
import type { TPlaygroundSettings } from '../settings/playground-settings.ts'
import { FileTree } from './file-tree.tsx'
import { FileUpload } from './file-upload.tsx'
import { FileViewer } from './file-viewer.tsx'
import { ManifestEditor } from './manifest-editor.tsx'
import { SandboxSwitch } from './sandbox-switch.tsx'

type TWorkspacePanelProps = {
  host: IAgentHost
  sessionId: string | undefined
  /** Bumped by the page when a turn ends, so the tree shows what the agent changed. */
  filesVersion: number
  sandboxStatus: 'idle' | 'loading' | 'ready' | 'failed'
  sandboxKind: TSandboxChoice['kind']
  /** Holds the E2B key, template and address a switch to E2B uses. */
  settings: TPlaygroundSettings
  running: boolean
  onOpenSettings: () => void
  onSwitched: () => void
}

/** The session's sandbox: which kind, its files, uploads, and workspace manifests. */
export function WorkspacePanel({ host, sessionId, filesVersion, sandboxStatus, sandboxKind, settings, running, onOpenSettings, onSwitched }: TWorkspacePanelProps) {
  const [localVersion, setLocalVersion] = useState(0)
  const [openPath, setOpenPath] = useState<string | undefined>()
  const version = filesVersion + localVersion
  const changed = () => setLocalVersion((current) => current + 1)

  if (!sessionId) return <p className="note">Open a session to see its workspace.</p>
  return (
    <div className="workspace" aria-label="Workspace">
      <SandboxSwitch
        host={host}
        sessionId={sessionId}
        current={sandboxKind}
        settings={settings}
        running={running}
        onOpenSettings={onOpenSettings}
        onSwitched={() => {
          changed()
          onSwitched()
        }}
      />
      {sandboxStatus === 'loading' ? (
        <p className="progress" role="status">
          <span className="spinner" aria-hidden="true" /> Loading the shell and restoring files…
        </p>
      ) : null}
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
      <ManifestEditor host={host} sessionId={sessionId} running={running} onApplied={changed} />
    </div>
  )
}
