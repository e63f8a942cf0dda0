import { memo, useEffect, useId, useRef, useState, type FormEvent } from 'react'
import type { IAgentHost } from '../../lib/host/agent-host.ts'
import { checkSessionSettingsDraft, MAX_TEMPERATURE, toSessionSettingsDraft, type TSessionSettingsDraft, type TSessionSettingsErrors } from './session-settings-draft.ts'
import { useSessionSettings } from './use-session-settings.ts'

type TSessionSettingsDialogProps = {
  open: boolean
  host: IAgentHost
  sessionId: string | undefined
  /** Resolves once the page's provider and mode switches under way have reached the session. */
  switchesSettled: () => Promise<void>
  /** A turn runs in the session: it takes new settings once the turn has ended. */
  running: boolean
  onClose: () => void
}

/**
 * The open session's own settings in a modal dialog: instructions added to the base prompt (shown
 * read-only), temperature, max tokens per reply and which tools the model is offered. They are
 * stored with the session and apply from its next turn. Memoized: it stays mounted once opened,
 * and a streaming turn's renders of the page pass it by.
 */
export const SessionSettingsDialog = memo(function SessionSettingsDialog({ open, host, sessionId, switchesSettled, running, onClose }: TSessionSettingsDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const { view, error, apply } = useSessionSettings(host, sessionId, open, switchesSettled)
  const [draft, setDraft] = useState<TSessionSettingsDraft | undefined>()
  const [errors, setErrors] = useState<TSessionSettingsErrors>({})
  const [applying, setApplying] = useState(false)
  const id = useId()

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) element.showModal()
    if (!open && element.open) element.close()
  }, [open])

  useEffect(() => {
    setDraft(view ? toSessionSettingsDraft(view) : undefined)
    setErrors({})
  }, [view])

  useEffect(() => {
    // The first field in error takes the keyboard, so its message is read out with it.
    if (Object.keys(errors).length > 0) dialog.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [errors])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!draft) return
    const checked = checkSessionSettingsDraft(draft)
    if (!checked.ok) {
      setErrors(checked.errors)
      return
    }
    setErrors({})
    setApplying(true)
    const applied = await apply(checked.settings)
    setApplying(false)
    if (applied) onClose()
  }

  const unsupported = view?.unsupported ?? {}
  const field = (name: 'temperature' | 'maxTokens') => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': [errors[name] ? `${id}-${name}-error` : '', unsupported[name] ? `${id}-${name}-unsupported` : '', `${id}-${name}-hint`].filter(Boolean).join(' ')
  })
  return (
    <dialog ref={dialog} className="settings session-settings" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={`${id}-title`}>Session settings</h2>
        <p className="note">Kept with this session (and its export) and used from its next turn. Keys are never part of them.</p>
        {!draft ? <p className="note">{error ? null : 'Loading the session’s settings…'}</p> : null}
        {draft && view ? (
          <>
            <fieldset>
              <legend>System prompt</legend>
              <div className="field">
                <label htmlFor={`${id}-base`}>Base instructions (from the app), always sent first</label>
                <textarea id={`${id}-base`} className="base-prompt" rows={3} readOnly value={view.basePrompt} />
              </div>
              <div className="field">
                <label htmlFor={`${id}-addition`}>Session instructions (added after the base)</label>
                <textarea
                  id={`${id}-addition`}
                  rows={4}
                  value={draft.systemPromptAddition}
                  aria-describedby={`${id}-addition-hint`}
                  onChange={(event) => setDraft({ ...draft, systemPromptAddition: event.target.value })}
                />
                <p className="note" id={`${id}-addition-hint`}>
                  These add to the base; they do not replace it. The workspace (AGENTS.md, CLAUDE.md), skills and the response language follow them.
                </p>
              </div>
            </fieldset>
            <fieldset>
              <legend>Sampling</legend>
              <div className="field">
                <label htmlFor={`${id}-temperature`}>Temperature</label>
                <input
                  {...field('temperature')}
                  type="text"
                  inputMode="decimal"
                  placeholder="provider default"
                  disabled={Boolean(unsupported.temperature) && draft.temperature === ''}
                  value={draft.temperature}
                  onChange={(event) => setDraft({ ...draft, temperature: event.target.value })}
                />
                <p className="note" id={`${id}-temperature-hint`}>
                  From 0 to {MAX_TEMPERATURE}; empty leaves the provider’s default.
                </p>
                {unsupported.temperature ? (
                  <p className="note unsupported" id={`${id}-temperature-unsupported`}>
                    {unsupported.temperature}
                  </p>
                ) : null}
                {errors.temperature ? (
                  <p className="error" id={`${id}-temperature-error`}>
                    {errors.temperature}
                  </p>
                ) : null}
              </div>
              <div className="field">
                <label htmlFor={`${id}-maxTokens`}>Max tokens per reply</label>
                <input
                  {...field('maxTokens')}
                  type="text"
                  inputMode="numeric"
                  placeholder="provider default"
                  value={draft.maxTokens}
                  onChange={(event) => setDraft({ ...draft, maxTokens: event.target.value })}
                />
                <p className="note" id={`${id}-maxTokens-hint`}>
                  A positive whole number; empty leaves the provider’s default.
                </p>
                {unsupported.maxTokens ? (
                  <p className="note unsupported" id={`${id}-maxTokens-unsupported`}>
                    {unsupported.maxTokens}
                  </p>
                ) : null}
                {errors.maxTokens ? (
                  <p className="error" id={`${id}-maxTokens-error`}>
                    {errors.maxTokens}
                  </p>
                ) : null}
              </div>
            </fieldset>
            <fieldset className="tool-toggles">
              <legend>Tools the model is offered</legend>
              {Object.entries(draft.tools).map(([name, enabled]) => (
                <label key={name} className="checkbox">
                  <input type="checkbox" checked={enabled} onChange={(event) => setDraft({ ...draft, tools: { ...draft.tools, [name]: event.target.checked } })} />
                  {name}
                </label>
              ))}
            </fieldset>
          </>
        ) : null}
        {/* Beside the buttons, which stay in view however long the dialog: what stops Apply shows where it is pressed. */}
        <div className="dialog-actions">
          {error ? (
            <p className="error" role="alert">
              {error}
            </p>
          ) : null}
          {running ? (
            <p className="note" id={`${id}-running`}>
              A turn is running: the settings can change once it ends.
            </p>
          ) : null}
          <div className="button-row">
            <button type="button" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="primary" disabled={!draft || applying || running} aria-describedby={running ? `${id}-running` : undefined}>
              Apply
            </button>
          </div>
        </div>
      </form>
    </dialog>
  )
})
