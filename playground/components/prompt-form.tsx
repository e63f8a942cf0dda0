import { useState, type FormEvent, type KeyboardEvent } from 'react'

type TPromptFormProps = {
  disabled: boolean
  running: boolean
  onSubmit: (prompt: string) => void | Promise<void>
  onAbort: () => void | Promise<void>
}

/** The prompt box: Enter sends, Shift+Enter adds a line, Stop aborts the running turn. */
export function PromptForm({ disabled, running, onSubmit, onAbort }: TPromptFormProps) {
  const [prompt, setPrompt] = useState('')

  const send = (event?: FormEvent) => {
    event?.preventDefault()
    const text = prompt.trim()
    if (!text || running || disabled) return
    setPrompt('')
    void onSubmit(text)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) send(event)
  }

  return (
    <form className="prompt" onSubmit={send}>
      <textarea
        aria-label="Prompt"
        placeholder="Ask the agent about the workspace…"
        value={prompt}
        rows={2}
        disabled={disabled}
        onChange={(event) => setPrompt(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {running ? (
        <button type="button" onClick={() => void onAbort()}>
          Stop
        </button>
      ) : (
        <button type="submit" disabled={disabled || prompt.trim() === ''}>
          Send
        </button>
      )}
    </form>
  )
}
