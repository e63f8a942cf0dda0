import { useState, type FormEvent, type KeyboardEvent } from 'react'

type TPromptFormProps = {
  disabled: boolean
  running: boolean
  /** A prompt waiting for the running turn to end, if any. */
  queued: string | undefined
  onSubmit: (prompt: string) => void | Promise<void>
  onQueue: (prompt: string | undefined) => void
  onAbort: () => void | Promise<void>
}

/**
 * The prompt box: Enter sends (or, while a turn runs, queues the prompt for when it ends),
 * Shift+Enter adds a line, Escape or Stop aborts the running turn.
 */
export function PromptForm({ disabled, running, queued, onSubmit, onQueue, onAbort }: TPromptFormProps) {
  const [prompt, setPrompt] = useState('')

  const send = (event?: FormEvent) => {
    event?.preventDefault()
    const text = prompt.trim()
    if (!text || disabled) return
    setPrompt('')
    if (running) onQueue(text)
    else void onSubmit(text)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) send(event)
    if (event.key === 'Escape' && running) void onAbort()
  }

  return (
    <form className="prompt" onSubmit={send}>
      {queued ? (
        <p className="queued" role="status">
          Queued: <q>{queued}</q> — sends when this turn ends.{' '}
          <button type="button" className="link" onClick={() => onQueue(undefined)}>
            Cancel
          </button>
        </p>
      ) : null}
      <div className="prompt-row">
        <textarea
          aria-label="Prompt"
          aria-describedby="prompt-hint"
          placeholder="Ask the agent about the workspace…"
          value={prompt}
          rows={2}
          disabled={disabled}
          onChange={(event) => setPrompt(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {running ? (
          <>
            <button type="submit" className="secondary" disabled={disabled || prompt.trim() === ''}>
              Queue
            </button>
            <button type="button" className="stop" onClick={() => void onAbort()} aria-keyshortcuts="Escape">
              Stop
            </button>
          </>
        ) : (
          <button type="submit" disabled={disabled || prompt.trim() === ''}>
            Send
          </button>
        )}
      </div>
      <p id="prompt-hint" className="hint">
        Enter sends · Shift+Enter new line · Esc stops a running turn
      </p>
    </form>
  )
}
