// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { MemorySessionStore } from '../../lib/storage/memory-session-store.ts'
import { createPlaygroundHost } from '../worker/playground-agent.ts'
import { SAMPLE_WORKSPACE_FILES } from '../worker/sample-workspace.ts'
import { PromptForm } from './prompt-form.tsx'
import type { TPromptQueue } from './use-prompt-queue.ts'

// Loading the shell for the session's sandbox takes a while on a busy machine.
configure({ asyncUtilTimeout: 10_000 })
afterEach(cleanup)

const EMPTY_QUEUE: TPromptQueue = { queued: [], held: false, enqueue: () => undefined, unqueue: () => undefined, resume: () => undefined, hold: () => undefined }

const EXPLAIN_SKILL = '---\ndescription: Explain a file line by line\nargument-hint: <file>\n---\nExplain $ARGUMENTS.\n'

// The list comes from a real host: built-in commands plus a skill read from the session's sandbox.
async function renderForm(running = false, queue = EMPTY_QUEUE) {
  const host = createPlaygroundHost({
    store: new MemorySessionStore(),
    workspaceFiles: { ...SAMPLE_WORKSPACE_FILES, '.agents/skills/explain/SKILL.md': EXPLAIN_SKILL }
  })
  const session = await host.createSession()
  const submitted: string[] = []
  const aborted: number[] = []
  render(
    <PromptForm
      disabled={false}
      running={running}
      queue={queue}
      onSubmit={(prompt) => void submitted.push(prompt)}
      onAbort={() => void aborted.push(1)}
      loadCommands={() => host.listCommands(session.id)}
    />
  )
  const textarea = screen.getByLabelText('Prompt') as HTMLTextAreaElement
  const combobox = screen.getByRole('combobox', { name: 'Composer' })
  return { textarea, combobox, submitted, aborted }
}

const type = async (textarea: HTMLTextAreaElement, value: string) => void fireEvent.change(textarea, { target: { value } })
const press = async (textarea: HTMLTextAreaElement, key: string) => void fireEvent.keyDown(textarea, { key })
const optionNames = () => screen.queryAllByRole('option').map((option) => option.querySelector('.command-name')?.textContent)

describe('PromptForm slash commands', () => {
  it('opens the session’s commands and skills on /, with descriptions, and filters as you type', async () => {
    const { textarea, combobox } = await renderForm()
    expect(combobox.getAttribute('aria-expanded')).toBe('false')
    await type(textarea, '/')
    await waitFor(() => expect(combobox.getAttribute('aria-expanded')).toBe('true'))
    expect(optionNames()).toEqual(expect.arrayContaining(['/help', '/compact [instructions]', '/explain <file>']))
    const explain = screen.getAllByRole('option').find((option) => option.textContent?.includes('/explain'))
    expect(explain?.textContent).toContain('Explain a file line by line')
    expect(explain?.textContent).toContain('skill')

    await type(textarea, '/ex')
    expect(optionNames()).toEqual(['/explain <file>'])
    await type(textarea, '/zz')
    expect(combobox.getAttribute('aria-expanded')).toBe('false')
  })

  it('moves with the arrow keys and takes the active command with Enter, without sending', async () => {
    const { textarea, combobox, submitted } = await renderForm()
    await type(textarea, '/')
    await waitFor(() => expect(combobox.getAttribute('aria-expanded')).toBe('true'))
    await type(textarea, '/c')
    expect(optionNames()).toEqual(['/clear', '/compact [instructions]', '/cost', '/context'])
    await press(textarea, 'ArrowDown')
    const selected = screen.getAllByRole('option').find((option) => option.getAttribute('aria-selected') === 'true')
    expect(selected?.textContent).toContain('/compact')
    expect(textarea.getAttribute('aria-activedescendant')).toBe(selected?.id)
    await press(textarea, 'ArrowUp')
    await press(textarea, 'ArrowUp')
    expect(screen.getAllByRole('option').find((option) => option.getAttribute('aria-selected') === 'true')?.textContent).toContain('/context')

    await press(textarea, 'ArrowDown')
    await press(textarea, 'ArrowDown')
    await press(textarea, 'Enter')
    expect(textarea.value).toBe('/compact ')
    expect(combobox.getAttribute('aria-expanded')).toBe('false')
    expect(submitted).toEqual([])

    await press(textarea, 'Enter')
    expect(submitted).toEqual(['/compact'])
  })

  it('takes a command with Tab, and Escape closes the list without stopping a running turn', async () => {
    const { textarea, combobox, aborted } = await renderForm(true)
    await type(textarea, '/')
    await waitFor(() => expect(combobox.getAttribute('aria-expanded')).toBe('true'))
    await type(textarea, '/he')
    await press(textarea, 'Tab')
    expect(textarea.value).toBe('/help ')

    await type(textarea, '')
    await type(textarea, '/')
    await waitFor(() => expect(combobox.getAttribute('aria-expanded')).toBe('true'))
    await press(textarea, 'Escape')
    expect(combobox.getAttribute('aria-expanded')).toBe('false')
    expect(aborted).toEqual([])
    await press(textarea, 'Escape')
    expect(aborted).toEqual([1])
  })

  it('sends a command typed out in full with one Enter, and the combobox names the list it controls', async () => {
    const { textarea, combobox, submitted } = await renderForm()
    await type(textarea, '/')
    await waitFor(() => expect(combobox.getAttribute('aria-expanded')).toBe('true'))
    expect(document.getElementById(combobox.getAttribute('aria-controls') ?? '')?.getAttribute('role')).toBe('listbox')
    await type(textarea, '/help')
    expect(combobox.getAttribute('aria-expanded')).toBe('true')
    await press(textarea, 'Enter')
    expect(submitted).toEqual(['/help'])
  })

  it('sends no bare "/": Enter after Escape opens the list again, and text after the slash still sends', async () => {
    const { textarea, combobox, submitted } = await renderForm()
    await type(textarea, '/')
    await waitFor(() => expect(combobox.getAttribute('aria-expanded')).toBe('true'))
    await press(textarea, 'Escape')
    expect(combobox.getAttribute('aria-expanded')).toBe('false')
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true)
    expect(fireEvent.keyDown(textarea, { key: 'Enter' })).toBe(false)
    expect(combobox.getAttribute('aria-expanded')).toBe('true')
    expect(textarea.value).toBe('/')

    await type(textarea, ' /  ')
    await press(textarea, 'Enter')
    fireEvent.submit(textarea.form as HTMLFormElement)
    expect(submitted).toEqual([])
    expect(textarea.value).toBe(' /  ')

    // A prompt that only starts with a slash is text for the model, as before.
    await type(textarea, '/ what does this do?')
    await press(textarea, 'Enter')
    expect(submitted).toEqual(['/ what does this do?'])
  })

  it('queues no bare "/" while a turn runs', async () => {
    const queued: string[] = []
    const { textarea, combobox } = await renderForm(true, { ...EMPTY_QUEUE, enqueue: (prompt) => void queued.push(prompt) })
    await type(textarea, '/')
    await waitFor(() => expect(combobox.getAttribute('aria-expanded')).toBe('true'))
    await press(textarea, 'Escape')
    await press(textarea, 'Enter')
    expect(screen.getByRole('button', { name: 'Queue' })).toHaveProperty('disabled', true)
    expect(queued).toEqual([])
    expect(textarea.value).toBe('/')
  })

  it('keeps the list a typed "/" asked for when the command is typed on before it arrives', async () => {
    const { textarea, combobox } = await renderForm()
    await type(textarea, '/')
    await type(textarea, '/he')
    await waitFor(() => expect(combobox.getAttribute('aria-expanded')).toBe('true'))
    expect(optionNames()).toEqual(['/help'])
  })
})

describe('PromptForm focus', () => {
  it('takes the keyboard as soon as it takes input, before any session is named, and not while disabled', () => {
    const props = { running: false, queue: EMPTY_QUEUE, onSubmit: () => undefined, onAbort: () => undefined }
    const { rerender } = render(<PromptForm {...props} disabled />)
    const textarea = screen.getByLabelText('Prompt') as HTMLTextAreaElement
    expect(document.activeElement).not.toBe(textarea)
    rerender(<PromptForm {...props} disabled={false} />)
    expect(document.activeElement).toBe(textarea)
  })

  it('gives the keyboard back to the box when Send sends, as the emptied box disables the button', () => {
    const sent: string[] = []
    render(<PromptForm disabled={false} running={false} queue={EMPTY_QUEUE} onSubmit={(text) => void sent.push(text)} onAbort={() => undefined} />)
    const textarea = screen.getByLabelText('Prompt') as HTMLTextAreaElement
    fireEvent.change(textarea, { target: { value: 'What is in this workspace?' } })
    const send = screen.getByRole('button', { name: 'Send' })
    send.focus()
    fireEvent.click(send)
    expect(sent).toEqual(['What is in this workspace?'])
    expect(send).toHaveProperty('disabled', true)
    expect(document.activeElement).toBe(textarea)
  })

  it('takes the keyboard back when what had it went away: an answered permission prompt, a withdrawn prompt, Resume, Stop', () => {
    const props = { disabled: false, running: false, onSubmit: () => undefined, onAbort: () => undefined }
    const held = { ...EMPTY_QUEUE, queued: ['first', 'second'], held: true }
    const { rerender } = render(<PromptForm {...props} queue={held} waitingPermissions={1} />)
    const textarea = screen.getByLabelText('Prompt') as HTMLTextAreaElement
    // The button had the keyboard, then went away (as React removes it): the keyboard is nowhere.
    const elsewhere = (button: HTMLElement) => {
      button.focus()
      expect(document.activeElement).toBe(button)
      button.blur()
      expect(document.activeElement).toBe(document.body)
    }

    elsewhere(screen.getByRole('button', { name: 'Withdraw “second”' }))
    rerender(<PromptForm {...props} queue={{ ...held, queued: ['first'] }} waitingPermissions={1} />)
    expect(document.activeElement).toBe(textarea)

    elsewhere(screen.getByRole('button', { name: 'Resume' }))
    rerender(<PromptForm {...props} queue={{ ...held, queued: ['first'], held: false }} waitingPermissions={1} />)
    expect(document.activeElement).toBe(textarea)

    const answer = document.body.appendChild(document.createElement('button'))
    elsewhere(answer)
    rerender(<PromptForm {...props} queue={{ ...held, queued: ['first'], held: false }} waitingPermissions={0} />)
    expect(document.activeElement).toBe(textarea)
    answer.remove()

    // Stop goes as the turn it stops ends.
    rerender(<PromptForm {...props} running queue={EMPTY_QUEUE} waitingPermissions={0} />)
    elsewhere(screen.getByRole('button', { name: 'Stop' }))
    rerender(<PromptForm {...props} queue={EMPTY_QUEUE} waitingPermissions={0} />)
    expect(document.activeElement).toBe(textarea)

    // Focus somewhere else on the page stays where it is.
    const other = document.body.appendChild(document.createElement('input'))
    other.focus()
    rerender(<PromptForm {...props} queue={EMPTY_QUEUE} waitingPermissions={0} />)
    expect(document.activeElement).toBe(other)
    other.remove()
  })
})

describe('PromptForm queue', () => {
  it('says a held queue waits for the person, and its Resume button lets it go on', () => {
    let resumed = 0
    const queue = { ...EMPTY_QUEUE, queued: ['first', 'second'], resume: () => void resumed++ }
    const props = { disabled: false, running: false, onSubmit: () => undefined, onAbort: () => undefined }
    const { rerender } = render(<PromptForm {...props} queue={queue} />)
    const upNext = screen.getByRole('region', { name: 'Up next' })
    expect(upNext.textContent).toContain('Queued: each sends in order')
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull()

    rerender(<PromptForm {...props} queue={{ ...queue, held: true }} />)
    expect(upNext.textContent).toContain('Held until you resume.')
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }))
    expect(resumed).toBe(1)
    expect(screen.getAllByRole('button', { name: /^Withdraw/ })).toHaveLength(2)
  })

  // Stop or a reload holds what waited; the person typing now is asking now.
  it('sends a prompt now in an idle session whose line is held, and leaves the held prompts waiting', async () => {
    const submitted: string[] = []
    const queued: string[] = []
    const held = { ...EMPTY_QUEUE, queued: ['List the files'], held: true, enqueue: (prompt: string) => void queued.push(prompt) }
    const props = { disabled: false, onSubmit: (prompt: string) => void submitted.push(prompt), onAbort: () => undefined }
    const { rerender } = render(<PromptForm {...props} running={false} queue={held} />)
    const textarea = screen.getByLabelText('Prompt') as HTMLTextAreaElement
    await type(textarea, 'Find the TODOs')
    expect(screen.queryByRole('button', { name: 'Queue' })).toBeNull()
    expect(screen.getByText(/^Enter sends/)).toBeTruthy()
    await press(textarea, 'Enter')
    expect(submitted).toEqual(['Find the TODOs'])
    expect(queued).toEqual([])
    expect(textarea.value).toBe('')

    // While that turn runs, Enter queues, and says so.
    rerender(<PromptForm {...props} running queue={held} />)
    await type(textarea, 'And then this')
    expect(screen.getByText(/^Enter queues/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Queue' }))
    expect(queued).toEqual(['And then this'])
    expect(submitted).toEqual(['Find the TODOs'])
  })

  it('queues behind prompts about to go out (between two turns, or before the session opens): the line is not held', async () => {
    const queued: string[] = []
    const waiting = { ...EMPTY_QUEUE, queued: ['Two'], enqueue: (prompt: string) => void queued.push(prompt) }
    const submitted: string[] = []
    render(<PromptForm disabled={false} running={false} queue={waiting} onSubmit={(prompt) => void submitted.push(prompt)} onAbort={() => undefined} />)
    const textarea = screen.getByLabelText('Prompt') as HTMLTextAreaElement
    await type(textarea, 'Three')
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull()
    await press(textarea, 'Enter')
    expect(queued).toEqual(['Three'])
    expect(submitted).toEqual([])
  })
})

describe('PromptForm drafts', () => {
  it('keeps each session’s unsent text: another session shows its own, a new one an empty box, and a sent prompt clears its own', async () => {
    sessionStorage.clear()
    const submitted: string[] = []
    const props = { disabled: false, running: false, queue: EMPTY_QUEUE, onSubmit: (prompt: string) => void submitted.push(prompt), onAbort: () => undefined }
    const { rerender } = render(<PromptForm {...props} sessionId="session-a" />)
    const textarea = screen.getByLabelText('Prompt') as HTMLTextAreaElement
    await type(textarea, 'half a thought for a')

    rerender(<PromptForm {...props} sessionId="session-b" />)
    expect(textarea.value).toBe('')
    await type(textarea, 'ask b this')
    rerender(<PromptForm {...props} sessionId="session-a" />)
    expect(textarea.value).toBe('half a thought for a')
    rerender(<PromptForm {...props} sessionId="session-new" />)
    expect(textarea.value).toBe('')

    rerender(<PromptForm {...props} sessionId="session-b" />)
    expect(textarea.value).toBe('ask b this')
    await press(textarea, 'Enter')
    expect(submitted).toEqual(['ask b this'])
    expect(textarea.value).toBe('')
    rerender(<PromptForm {...props} sessionId="session-a" />)
    expect(textarea.value).toBe('half a thought for a')
  })

  it('brings the open session’s unsent text back after a reload of the tab', async () => {
    sessionStorage.clear()
    const props = { disabled: false, running: false, queue: EMPTY_QUEUE, onSubmit: () => undefined, onAbort: () => undefined }
    const before = render(<PromptForm {...props} sessionId="session-a" />)
    await type(screen.getByLabelText('Prompt') as HTMLTextAreaElement, 'not sent yet')
    await waitFor(() => expect(sessionStorage.getItem('robota.drafts')).toContain('not sent yet'))
    before.unmount()

    render(<PromptForm {...props} sessionId="session-a" />)
    await waitFor(() => expect((screen.getByLabelText('Prompt') as HTMLTextAreaElement).value).toBe('not sent yet'))
  })
})
