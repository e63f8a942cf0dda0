// @vitest-environment happy-dom
import { fireEvent } from '@testing-library/react'
import { act } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { PromptForm } from '../chat/prompt-form.tsx'
import type { TPromptQueue } from '../chat/use-prompt-queue.ts'
import { markEnterBeforeStart, SEND_ON_START_ATTRIBUTE } from './enter-before-start.ts'

// As in the built page: the listener is in place before anything else, for the page's life.
markEnterBeforeStart(SEND_ON_START_ATTRIBUTE)

const roots: Root[] = []
afterEach(() => {
  act(() => roots.splice(0).forEach((root) => root.unmount()))
  document.body.replaceChildren()
})

function pressKey(target: HTMLElement, init: KeyboardEventInit): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init })
  target.dispatchEvent(event)
  return event
}

/** The prompt form as the build prerenders it, not yet hydrated, and how to hydrate it. */
function prerenderedForm() {
  const submitted: string[] = []
  const queued: string[] = []
  const queue: TPromptQueue = { queued: [], held: false, enqueue: (prompt) => void queued.push(prompt), unqueue: () => undefined, resume: () => undefined, hold: () => undefined }
  const form = () => <PromptForm disabled={false} running={false} queue={queue} onSubmit={(prompt) => void submitted.push(prompt)} onAbort={() => undefined} />
  const container = document.createElement('div')
  container.innerHTML = renderToString(form())
  document.body.append(container)
  const textarea = container.querySelector('textarea') as HTMLTextAreaElement
  const hydrate = () => act(() => void roots.push(hydrateRoot(container, form())))
  return { textarea, submitted, queued, hydrate }
}

describe('Enter before the page starts', () => {
  it('takes the prompt instead of adding a line, and the form queues it for the session as it hydrates', async () => {
    const { textarea, submitted, queued, hydrate } = prerenderedForm()
    textarea.value = 'first line'
    expect(pressKey(textarea, { key: 'Enter', shiftKey: true }).defaultPrevented).toBe(false)
    expect(textarea.hasAttribute(SEND_ON_START_ATTRIBUTE)).toBe(false)
    textarea.value = 'first line\nsecond line'
    expect(pressKey(textarea, { key: 'Enter' }).defaultPrevented).toBe(true)
    expect(textarea.value).toBe('')
    // One prompt waits: what is sent after it stays in the box, for Enter once the app runs.
    textarea.value = 'Typed after'
    expect(pressKey(textarea, { key: 'Enter' }).defaultPrevented).toBe(true)
    expect(textarea.value).toBe('Typed after')

    await hydrate()
    expect(queued).toEqual(['first line\nsecond line'])
    expect(submitted).toEqual([])
    expect(textarea.value).toBe('Typed after')
    expect(textarea.hasAttribute(SEND_ON_START_ATTRIBUTE)).toBe(false)
  })

  it('takes nothing from an empty prompt or a bare "/", and keeps typing without Enter in the box', async () => {
    const { textarea, submitted, queued, hydrate } = prerenderedForm()
    for (const text of ['   ', ' / ']) {
      textarea.value = text
      expect(pressKey(textarea, { key: 'Enter' }).defaultPrevented).toBe(true)
      expect(textarea.hasAttribute(SEND_ON_START_ATTRIBUTE)).toBe(false)
      expect(textarea.value).toBe(text)
    }
    textarea.value = 'Typed early'
    await hydrate()
    expect([...submitted, ...queued]).toEqual([])
    expect(textarea.value).toBe('Typed early')
  })

  it('once the form runs, Enter is the form’s own: sent once, the prompt left unmarked', async () => {
    const { textarea, submitted, hydrate } = prerenderedForm()
    await hydrate()
    fireEvent.change(textarea, { target: { value: 'After start' } })
    expect(fireEvent.keyDown(textarea, { key: 'Enter' })).toBe(false)
    expect(submitted).toEqual(['After start'])
    expect(textarea.hasAttribute(SEND_ON_START_ATTRIBUTE)).toBe(false)
  })
})
