import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import type { TMcpServerStatus } from '../../lib/host/agent-host.ts'
import type { TPermissionMode } from '../../lib/permissions/index.ts'
import { parseAllowedHosts } from '../chat/remote-content.ts'
import type { TPlaygroundSettings } from './playground-settings.ts'
import { FieldProblem, focusFirstInvalidField, problemAttributes } from './field-problem.tsx'
import { findMcpServerProblem, findSettingsProblems, type TSettingsProblems } from './settings-problems.ts'
import { EMPTY_MCP_SERVER, isBlankMcpServer, McpServerFields, toAddedMcpServer } from './mcp-server-fields.tsx'
import { ProviderFields } from './provider-fields.tsx'
import type { TListModels } from './use-live-models.ts'

type TSettingsDialogProps = {
  open: boolean
  settings: TPlaygroundSettings
  /** The open session's MCP servers as the host reports them. */
  mcpStatuses: readonly TMcpServerStatus[]
  /** Takes the settings a Save kept; the dialog then closes (`onClose`). */
  onSave: (settings: TPlaygroundSettings) => void
  onClose: () => void
  /** Lists a provider's models where the providers run (the worker); the picker's "Refresh models". */
  listModels?: TListModels
}

const PERMISSION_MODES: Array<{ mode: TPermissionMode; label: string }> = [
  { mode: 'plan', label: 'Plan: read-only, every change is refused' },
  { mode: 'default', label: 'Default: ask before commands and edits' },
  { mode: 'acceptEdits', label: 'Accept edits: file edits run, commands ask' },
  { mode: 'bypassPermissions', label: 'Bypass: everything runs without asking' }
]

/** Provider, model, keys, permission mode, MCP servers, the E2B sandbox and theme, in a modal dialog (Escape closes it). */
export function SettingsDialog({ open, settings, mcpStatuses, onSave, onClose, listModels }: TSettingsDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const [draft, setDraft] = useState(settings)
  // Counts the Saves refused for a problem: each moves the keyboard to the first field in question.
  const [refusedSaves, setRefusedSaves] = useState(0)
  const [imageHosts, setImageHosts] = useState(settings.allowedImageHosts.join(', '))
  const [addingServer, setAddingServer] = useState(EMPTY_MCP_SERVER)
  const id = useId()

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      setDraft(settings)
      setImageHosts(settings.allowedImageHosts.join(', '))
      setAddingServer(EMPTY_MCP_SERVER)
      setRefusedSaves(0)
      element.showModal()
      // The dialog would take the focus itself, which shows nowhere: the first field takes it.
      element.querySelector<HTMLElement>('select, input, textarea')?.focus()
    }
    if (!open && element.open) element.close()
  }, [open, settings])

  useEffect(() => {
    if (refusedSaves > 0) focusFirstInvalidField(dialog.current)
  }, [refusedSaves])

  // Once a Save was refused, the problems follow the fields as they are edited, so a fixed one clears.
  const problems = refusedSaves > 0 ? findDraftProblems(draft, imageHosts) : {}
  const marked = (field: 'e2bApiUrl' | 'imageHosts') => problemAttributes(problems[field], `${id}-${field}-problem`)

  // A server left typed in the add-fields is one the person means to keep: Save adds it as Add server would, or is refused for its problem.
  const save = (event: FormEvent) => {
    event.preventDefault()
    const server = isBlankMcpServer(addingServer) ? undefined : toAddedMcpServer(addingServer)
    const serverProblem = server && findMcpServerProblem(server, draft.mcpServers)
    if (serverProblem || Object.keys(findDraftProblems(draft, imageHosts)).length > 0) {
      setRefusedSaves((count) => count + 1)
      return
    }
    const mcpServers = server ? [...draft.mcpServers, server] : draft.mcpServers
    onSave({ ...draft, mcpServers, allowedImageHosts: parseAllowedHosts(imageHosts).hosts })
    onClose()
  }

  return (
    <dialog ref={dialog} className="settings" aria-labelledby="settings-title" onClose={onClose}>
      <form onSubmit={save} noValidate>
        <h2 id="settings-title">Settings</h2>
        <ProviderFields draft={draft} onChange={setDraft} problems={problems} {...(listModels ? { listModels } : {})} />
        <fieldset>
          <legend>Permissions</legend>
          <div className="field">
            <label htmlFor={`${id}-mode`}>Permission mode</label>
            <select id={`${id}-mode`} value={draft.permissionMode} onChange={(event) => setDraft({ ...draft, permissionMode: event.target.value as TPermissionMode })}>
              {PERMISSION_MODES.map(({ mode, label }) => (
                <option key={mode} value={mode}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        </fieldset>
        <McpServerFields
          servers={draft.mcpServers}
          statuses={mcpStatuses}
          onChange={(mcpServers) => setDraft({ ...draft, mcpServers })}
          adding={addingServer}
          onAddingChange={setAddingServer}
          saveRefused={refusedSaves > 0}
        />
        <fieldset>
          <legend>E2B sandbox</legend>
          <p className="note">Used when the workspace panel switches a session to an E2B microVM.</p>
          <div className="field">
            <label htmlFor={`${id}-e2b-key`}>E2B API key</label>
            <input
              id={`${id}-e2b-key`}
              type="password"
              autoComplete="off"
              spellCheck={false}
              placeholder="e2b_…"
              value={draft.e2b.apiKey}
              onChange={(event) => setDraft({ ...draft, e2b: { ...draft.e2b, apiKey: event.target.value } })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-e2b-template`}>E2B template</label>
            <input
              id={`${id}-e2b-template`}
              type="text"
              placeholder="base"
              value={draft.e2b.template}
              onChange={(event) => setDraft({ ...draft, e2b: { ...draft.e2b, template: event.target.value } })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-e2b-url`}>E2B API URL (optional)</label>
            <input
              id={`${id}-e2b-url`}
              {...marked('e2bApiUrl')}
              type="url"
              placeholder="https://api.e2b.app"
              value={draft.e2b.apiUrl}
              onChange={(event) => setDraft({ ...draft, e2b: { ...draft.e2b, apiUrl: event.target.value } })}
            />
            <FieldProblem id={`${id}-e2bApiUrl-problem`} problem={problems.e2bApiUrl} />
          </div>
        </fieldset>
        <fieldset>
          <legend>Keys</legend>
          <label className="checkbox">
            <input type="checkbox" checked={draft.rememberKeys} onChange={(event) => setDraft({ ...draft, rememberKeys: event.target.checked })} />
            Remember keys on this device
          </label>
          <p className="note key-storage">
            {draft.rememberKeys
              ? 'Keys will be stored unencrypted in this browser’s localStorage, readable by anything running on this origin.'
              : 'Keys stay in this tab’s memory only and are gone when it closes. They are never written to a session, a replay log or an export.'}
          </p>
        </fieldset>
        <fieldset>
          <legend>Images</legend>
          <p className="note">
            Images in answers load only when you click them, so a model cannot send the conversation to a server by writing an image address. Images from these hosts load at once.
          </p>
          <div className="field">
            <label htmlFor={`${id}-image-hosts`}>Load images from these hosts without asking</label>
            <input
              id={`${id}-image-hosts`}
              {...marked('imageHosts')}
              type="text"
              spellCheck={false}
              placeholder="images.example.com, 127.0.0.1:8080"
              value={imageHosts}
              onChange={(event) => setImageHosts(event.target.value)}
            />
            <FieldProblem id={`${id}-imageHosts-problem`} problem={problems.imageHosts} />
          </div>
        </fieldset>
        <fieldset>
          <legend>Appearance</legend>
          <div className="field">
            <label htmlFor={`${id}-theme`}>Theme</label>
            <select id={`${id}-theme`} value={draft.theme} onChange={(event) => setDraft({ ...draft, theme: event.target.value as TPlaygroundSettings['theme'] })}>
              <option value="system">Follow the system</option>
              <option value="light">Light</option>
              <option value="dark">Dark</option>
            </select>
          </div>
        </fieldset>
        <div className="button-row dialog-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary">
            Save
          </button>
        </div>
      </form>
    </dialog>
  )
}

/** The draft's problems by field, with the image hosts as typed (not yet parsed into the draft). */
function findDraftProblems(draft: TPlaygroundSettings, imageHosts: string): TSettingsProblems {
  const { invalid } = parseAllowedHosts(imageHosts)
  return { ...findSettingsProblems(draft), ...(invalid.length > 0 ? { imageHosts: `Not a host name: ${invalid.join(', ')}.` } : {}) }
}
