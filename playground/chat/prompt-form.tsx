import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import type { ICommand } from '../../lib/session/commands/command-types.ts'
import { CommandListbox } from './command-listbox.tsx'
import { isEmptyPrompt, suggestCommands } from './command-suggestions.ts'
import { SEND_ON_START_ATTRIBUTE } from '../shell/enter-before-start.ts'
import { usePromptDraft } from './use-prompt-draft.ts'
import { useMayTakeFocus } from '../shell/focus-policy.ts'
import type { TPromptQueue } from './use-prompt-queue.ts'

type TPromptFormProps = {
  disabled: boolean
  running: boolean
  /** Prompts waiting for the running turn to end, and how to change them. */
  queue: TPromptQueue
  /** Sends a prompt; resolving `false` says it was refused, and the text comes back into an empty box. */
  onSubmit: (prompt: string) => void | Promise<boolean | void>
  onAbort: () => void | Promise<void>
  /** The session's slash commands and skills; without it `/` opens no list. */
  loadCommands?: () => Promise<ICommand[]>
  /** Permission prompts open above the box: the last to go leaves the keyboard nowhere, and the box takes it back. */
  waitingPermissions?: number
  /** The open session: the box shows its unsent text, and takes the keyboard when another opens. */
  sessionId?: string | undefined
  /** Text the page puts into the box (Edit on a sent prompt), replacing its text undoably; each new object puts it in again. */
  draft?: { text: string } | undefined
}

/**
 * The prompt box: Enter sends (or, while a turn runs or prompts wait to go out, queues the prompt
 * behind them; each queued prompt sends in order when the turn before it ends; prompts held by
 * Stop or a reload wait for Resume, and one sent in an idle session goes ahead of them),
 * Shift+Enter adds a line, Escape or Stop aborts the running turn. Typing `/` opens the
 * session's commands as a combobox list: arrows move, Tab takes one, Enter takes one too or, when
 * the whole command is typed already, sends it; Escape closes the list, and Enter on a bare `/`
 * opens it again: a `/` alone is never sent. The box takes the keyboard as it becomes usable and
 * whenever a session opens. Each session keeps its own unsent text, a reload of the tab included;
 * sending a prompt clears it.
 */
export function PromptForm({ disabled, running, queue, onSubmit, onAbort, loadCommands, sessionId, draft, waitingPermissions }: TPromptFormProps) {
  const [prompt, setPrompt] = usePromptDraft(sessionId)
  const [commands, setCommands] = useState<ICommand[]>([])
  const [active, setActive] = useState(0)
  const [dismissed, setDismissed] = useState(false)
  const textarea = useRef<HTMLTextAreaElement>(null)
  const listId = useId()

  const mayTakeFocus = useMayTakeFocus()
  useEffect(() => {
    if (!disabled && mayTakeFocus()) textarea.current?.focus()
  }, [sessionId, disabled, textarea, mayTakeFocus])

  // Typed into the page's prerendered prompt before the app hydrated it: the user's text, kept,
  // and what was sent with Enter then (`enter-before-start.ts`) waits for the session like any prompt.
  // An empty box writes no draft: one would stand in for the draft a reload brings back.
  useEffect(() => {
    const sent = textarea.current?.getAttribute(SEND_ON_START_ATTRIBUTE)
    textarea.current?.removeAttribute(SEND_ON_START_ATTRIBUTE)
    if (sent) queue.enqueue(sent)
    const typed = textarea.current?.value
    if (typed) setPrompt((current) => current || typed)
  }, [textarea])

  // An answered permission prompt goes with the focus it had, Queue disables its button as the box
  // empties, Withdraw and Resume take theirs away, and Stop goes as the turn ends: the keyboard,
  // left nowhere, comes back here. With another prompt still open, that one has taken it.
  useEffect(() => {
    if (document.activeElement === document.body && mayTakeFocus()) textarea.current?.focus()
  }, [waitingPermissions, queue.queued.length, queue.held, running, mayTakeFocus])

  // Put in as if typed over the box's text, so Undo brings back what it held: nothing typed is lost.
  // After the effect, as a keystroke would come: inside it, React would reset the box it controls.
  useEffect(() => {
    const box = textarea.current
    if (!draft || !box) return
    queueMicrotask(() => {
      box.focus()
      box.select()
      if (!document.execCommand?.('insertText', false, draft.text)) setPrompt(draft.text)
    })
  }, [draft, textarea])

  // Read again each time a command starts, so skills added to the workspace show up; kept while
  // the command is typed, so a fast typist's "/he" still gets the list the "/" asked for.
  const startsCommand = prompt.startsWith('/')
  useEffect(() => {
    if (!startsCommand || !loadCommands) return
    let current = true
    loadCommands()
      .then((loaded) => current && setCommands(loaded))
      .catch(() => current && setCommands([]))
    return () => {
      current = false
    }
  }, [startsCommand, loadCommands])

  const suggestions = (loadCommands && suggestCommands(commands, prompt)) || []
  const open = !dismissed && !disabled && suggestions.length > 0
  const activeIndex = Math.min(active, Math.max(suggestions.length - 1, 0))

  const change = (text: string) => {
    setPrompt(text)
    setActive(0)
    if (text === '/' || !text.startsWith('/')) setDismissed(false)
  }

  const accept = (command: ICommand | undefined) => {
    if (!command) return
    setPrompt(`/${command.name} `)
    setActive(0)
    setDismissed(true)
    textarea.current?.focus()
  }

  // While a turn runs, or prompts wait to go out (between two turns, before the session opens), a
  // prompt joins the end of the line. A line held (Stop, a reload) waits for Resume, but the person
  // asking now is not held behind it: in an idle session the prompt goes ahead of the held ones.
  const queues = running || (queue.queued.length > 0 && !queue.held)

  const send = (event?: FormEvent) => {
    event?.preventDefault()
    const text = prompt.trim()
    if (disabled || isEmptyPrompt(text)) {
      setDismissed(false)
      return
    }
    setPrompt('')
    setDismissed(false)
    // Sent with the button, which disables as the box empties: the keyboard would be left nowhere
    // (and a phone's page follows the chat only while the focus is in it), so it comes back here.
    textarea.current?.focus()
    if (queues) {
      queue.enqueue(text)
      return
    }
    void Promise.resolve(onSubmit(text)).then((sent) => {
      // Nothing typed is lost: a refused prompt returns, unless something new was typed since.
      if (sent === false) setPrompt((current) => (current === '' ? text : current))
    })
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const enter = event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault()
        const step = event.key === 'ArrowDown' ? 1 : -1
        setActive((activeIndex + step + suggestions.length) % suggestions.length)
        return
      }
      const picked = suggestions[activeIndex]
      // A command typed out in full needs no completing: Enter sends it.
      if (enter && picked && prompt.trim() === `/${picked.name}`) {
        send(event)
        return
      }
      if (enter || event.key === 'Tab') {
        event.preventDefault()
        accept(picked)
        return
      }
      if (event.key === 'Escape') {
        event.preventDefault()
        setDismissed(true)
        return
      }
    }
    if (enter) send(event)
    if (event.key === 'Escape' && running && !disabled) void onAbort()
  }

  const optionId = (index: number) => `${listId}-option-${index}`
  return (
    <form className="prompt" onSubmit={send}>
      {queue.queued.length > 0 ? (
        <section className="queued" aria-label="Up next">
          <p className="note">
            {queue.held ? (
              <>
                Held until you resume.{' '}
                <button type="button" onClick={queue.resume}>
                  Resume
                </button>
              </>
            ) : (
              'Queued: each sends in order, once the session is free.'
            )}
          </p>
          <ol>
            {queue.queued.map((text, index) => (
              <li key={`${index}:${text}`}>
                <q>{text}</q>{' '}
                <button type="button" aria-label={`Withdraw “${shortened(text)}”`} onClick={() => queue.unqueue(index)}>
                  Withdraw
                </button>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <div className="prompt-row">
        <div className="prompt-combobox" role="combobox" aria-expanded={open} aria-haspopup="listbox" aria-owns={listId} aria-controls={listId} aria-label="Composer">
          <textarea
            ref={textarea}
            aria-label="Prompt"
            aria-describedby="prompt-hint"
            aria-autocomplete="list"
            aria-controls={listId}
            aria-activedescendant={open ? optionId(activeIndex) : undefined}
            placeholder="Ask the agent, or type / for commands"
            value={prompt}
            rows={2}
            disabled={disabled}
            onChange={(event) => change(event.target.value)}
            onKeyDown={onKeyDown}
            onBlur={() => setDismissed(true)}
            onFocus={() => setDismissed(false)}
          />
          <CommandListbox id={listId} open={open} commands={suggestions} activeIndex={activeIndex} optionId={optionId} onPick={accept} />
        </div>
        <button type="submit" className={queues ? 'secondary' : undefined} disabled={disabled || isEmptyPrompt(prompt)}>
          {queues ? 'Queue' : 'Send'}
        </button>
        {running ? (
          <button type="button" className="stop" onClick={() => void onAbort()} disabled={disabled} aria-keyshortcuts="Escape">
            Stop
          </button>
        ) : null}
      </div>
      <p id="prompt-hint" className="hint">
        Enter {queues ? 'queues' : 'sends'} · Shift+Enter new line · / lists commands and skills · Esc stops a running turn
      </p>
    </form>
  )
}

// A button's name long enough to tell queued prompts apart, not a whole pasted document.
function shortened(text: string): string {
  return text.length > 60 ? `${text.slice(0, 59)}…` : text
}
