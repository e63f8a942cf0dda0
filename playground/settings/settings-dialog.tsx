import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import type { TPermissionMode } from '../../lib/permissions/index.ts'
import { findSettingsProblem, type TPlaygroundSettings } from './playground-settings.ts'
import { ProviderFields } from './provider-fields.tsx'

type TSettingsDialogProps = {
  open: boolean
  settings: TPlaygroundSettings
  onSave: (settings: TPlaygroundSettings) => void
  onClose: () => void
}

const PERMISSION_MODES: Array<{ mode: TPermissionMode; label: string }> = [
  { mode: 'plan', label: 'Plan: read-only, every change is refused' },
  { mode: 'default', label: 'Default: ask before commands and edits' },
  { mode: 'acceptEdits', label: 'Accept edits: file edits run, commands ask' },
  { mode: 'bypassPermissions', label: 'Bypass: everything runs without asking' }
]

/** Provider, model, keys, permission mode and theme, in a modal dialog (Escape closes it). */
export function SettingsDialog({ open, settings, onSave, onClose }: TSettingsDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const [draft, setDraft] = useState(settings)
  const [problem, setProblem] = useState<string | undefined>()
  const id = useId()

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      setDraft(settings)
      setProblem(undefined)
      element.showModal()
    }
    if (!open && element.open) element.close()
  }, [open, settings])

  const save = (event: FormEvent) => {
    event.preventDefault()
    const found = findSettingsProblem(draft)
    setProblem(found)
    if (!found) onSave(draft)
  }

  return (
    <dialog ref={dialog} className="settings" aria-labelledby="settings-title" onClose={onClose}>
      <form onSubmit={save}>
        <h2 id="settings-title">Settings</h2>
        <ProviderFields draft={draft} onChange={setDraft} />
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
        <fieldset disabled>
          <legend>E2B sandbox</legend>
          <p className="note">Not wired into the playground host yet: sessions run in the in-memory sandbox. These fields are kept for when it is.</p>
          <div className="field">
            <label htmlFor={`${id}-e2b-key`}>E2B API key</label>
            <input id={`${id}-e2b-key`} type="password" autoComplete="off" placeholder="e2b_…" />
          </div>
          <div className="field">
            <label htmlFor={`${id}-e2b-template`}>E2B template</label>
            <input id={`${id}-e2b-template`} type="text" placeholder="base" />
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
        {problem ? (
          <p className="error" role="alert">
            {problem}
          </p>
        ) : null}
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
