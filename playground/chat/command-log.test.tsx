// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CommandLog, type TCommandLogEntry, type TCommandLogProps } from './command-log.tsx'

// happy-dom lays nothing out: what is asked to scroll into view is what counts.
const scrolledTo: Element[] = []
beforeEach(() => {
  scrolledTo.length = 0
  vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
    scrolledTo.push(this)
  })
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const done = (id: number, line: string, message: string): TCommandLogEntry => ({ id, line, state: 'done', outcome: { command: line.slice(1), success: true, message } })
const ANSWERED = [done(1, '/cost', 'Cost: $0.00'), done(2, '/context', 'Context: 1,200 tokens'), done(3, '/permissions', 'Mode: default')]
const COMPACTION = { failure: 'The model did not answer.' }

// The log between the chat's other fields (a session's settings, say) and its prompt box.
function chat(props: TCommandLogProps) {
  return (
    <main>
      <textarea aria-label="Session notes" />
      <CommandLog {...props} />
      <textarea aria-label="Prompt" />
    </main>
  )
}

describe('CommandLog', () => {
  it('scrolls the newest result into view when it is added and when it is answered', async () => {
    const { rerender } = render(chat({ entries: ANSWERED, compaction: undefined }))
    await screen.findByRole('region', { name: 'Command results' })
    // The results load lazily: the scroll comes in the effect after the commit that shows them.
    await waitFor(() => expect(scrolledTo.at(-1)?.textContent).toContain('/permissions'))

    rerender(chat({ entries: [...ANSWERED, { id: 4, line: '/mode plan', state: 'running' }], compaction: undefined }))
    expect(scrolledTo.at(-1)?.textContent).toContain('/mode plan')
    expect(scrolledTo.at(-1)?.textContent).toContain('Running…')

    const count = scrolledTo.length
    rerender(chat({ entries: [...ANSWERED, done(4, '/mode plan', 'Permission mode set to plan.')], compaction: undefined }))
    expect(scrolledTo).toHaveLength(count + 1)
    expect(scrolledTo.at(-1)?.textContent).toContain('Permission mode set to plan.')
  })

  it('leaves the compaction notice to the /compact entry that answers for it, and shows it for a compaction nothing here asked for', async () => {
    const outcome = (trigger: 'manual' | 'auto') => ({ outcome: { compacted: true, trigger, messagesBefore: 8, tokensBefore: 316, tokensAfter: 120 } }) as TCommandLogProps['compaction']
    const compacted = done(4, '/compact', 'Compacted 8 messages into a summary (316 → 120 tokens).')
    const { rerender } = render(chat({ entries: [...ANSWERED, compacted], compaction: outcome('manual') }))
    const results = await screen.findByRole('region', { name: 'Command results' })
    expect(results.textContent).toContain('Compacted 8 messages')
    expect(results.querySelector('.compaction-result')).toBeNull()

    rerender(chat({ entries: [...ANSWERED, compacted], compaction: outcome('auto') }))
    expect(results.querySelector('.compaction-result')?.textContent).toContain('The context window was nearly full')
    rerender(chat({ entries: ANSWERED, compaction: outcome('manual') }))
    expect(results.querySelector('.compaction-result')?.textContent).toContain('The conversation was compacted: 8 messages became one summary')
  })

  it('closes with a named button: the entries are let go of, the compaction notice hides, and the prompt box takes the focus', async () => {
    const onDismiss = vi.fn()
    const { rerender } = render(chat({ entries: ANSWERED, compaction: COMPACTION, onDismiss }))
    const close = await screen.findByRole('button', { name: 'Close command results' })
    close.focus()
    fireEvent.click(close)
    expect(onDismiss).toHaveBeenCalledOnce()
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Prompt' }))

    // The page clears the entries it was asked to; the notice it still holds stays hidden.
    rerender(chat({ entries: [], compaction: COMPACTION, onDismiss }))
    expect(screen.queryByRole('region', { name: 'Command results' })).toBeNull()

    // What comes next shows again, alone.
    rerender(chat({ entries: [done(5, '/cost', 'Cost: $0.01')], compaction: COMPACTION, onDismiss }))
    const results = await screen.findByRole('region', { name: 'Command results' })
    expect(results.querySelectorAll('.command-entry')).toHaveLength(1)
    expect(results.textContent).not.toContain('The compaction failed')
  })

  it('says a model switch was refused for a missing key in words for people, and shows other refusals as they are', async () => {
    const refused = (id: number, line: string, message: string): TCommandLogEntry => ({ id, line, state: 'done', outcome: { command: line.slice(1).split(' ')[0] ?? '', success: false, message } })
    render(
      chat({
        entries: [
          refused(1, '/model claude-haiku-4-5', 'AnthropicProvider needs an apiKey (or a client). Create a key at https://console.anthropic.com/settings/keys.'),
          refused(2, '/mode fast', 'Unknown mode "fast". Choose one of: default, plan.')
        ],
        compaction: undefined
      })
    )
    const results = await screen.findByRole('region', { name: 'Command results' })
    expect(results.textContent).toContain('The API key for Anthropic is missing. Open Settings and enter the API key for Anthropic again.')
    expect(results.textContent).not.toContain('needs an apiKey')
    expect(results.textContent).toContain('Unknown mode "fast".')
  })

  it('folds the results read back after a reload into one line naming their commands, and shows a new one in full', async () => {
    const restored = ANSWERED.slice(0, 2).map((entry) => ({ ...entry, restored: true }))
    const { rerender } = render(chat({ entries: restored, compaction: undefined }))
    const results = await screen.findByRole('region', { name: 'Command results' })
    const earlier = results.querySelector('details')
    expect(earlier?.open).toBe(false)
    expect(earlier?.querySelector('summary')?.textContent).toBe('2 results from before the reload: /cost, /context')
    expect(screen.getAllByRole('article').map((article) => article.closest('details'))).toEqual([earlier, earlier])

    rerender(chat({ entries: [...restored, done(4, '/mode plan', 'Permission mode set to plan.')], compaction: undefined }))
    const [, , fresh] = screen.getAllByRole('article')
    expect(fresh?.closest('details')).toBeNull()
    expect(fresh?.textContent).toContain('Permission mode set to plan.')
    expect(earlier?.querySelector('summary')?.textContent).toBe('2 results from before the reload: /cost, /context')
    fireEvent.click(earlier?.querySelector('summary') as Element)
    expect(earlier?.open).toBe(true)
  })

  it('has no Close button when nothing lets go of the entries', async () => {
    render(chat({ entries: ANSWERED, compaction: undefined }))
    await screen.findByRole('region', { name: 'Command results' })
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('says what the page did for a command whose work fell to it, and nothing for one whose did not', async () => {
    const resume: TCommandLogEntry = { id: 4, line: '/resume', state: 'done', outcome: { command: 'resume', success: true, message: 'Pick a session.', data: { triggerResumePicker: true } } }
    render(chat({ entries: [done(1, '/cost', 'Cost: $0.00'), resume], compaction: undefined }))
    await screen.findByRole('region', { name: 'Command results' })
    const [cost, resumed] = screen.getAllByRole('article')
    expect(resumed?.textContent).toContain('The Sessions list has the focus')
    expect(cost?.querySelector('.note')).toBeNull()
  })
})
