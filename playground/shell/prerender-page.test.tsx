// @vitest-environment happy-dom
import { act } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { MemorySessionStore } from '../../lib/storage/memory-session-store.ts'
import { SETTINGS_STORAGE_KEY } from '../settings/playground-settings.ts'
import { createPlaygroundHost } from '../worker/playground-agent.ts'
import { PageRoot } from './page-root.tsx'
import { prerenderPage } from './prerender-page.tsx'

// React checks that hydration runs in an act() environment when tests drive it.
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })

let root: Root | undefined
afterEach(async () => {
  await act(async () => root?.unmount())
  root = undefined
  document.body.replaceChildren()
  localStorage.clear()
})

/** The prerendered page in a fresh document, as the browser has it before the page's script runs. */
async function prerenderedDocument(): Promise<HTMLElement> {
  const container = document.createElement('div')
  container.id = 'root'
  container.innerHTML = await prerenderPage()
  document.body.append(container)
  return container
}

describe('the prerendered page', () => {
  it('is the page before its worker answers: a prompt that takes typing, a busy chat, nothing to send yet', async () => {
    const container = await prerenderedDocument()
    const prompt = container.querySelector('textarea[aria-label="Prompt"]') as HTMLTextAreaElement
    expect(prompt.disabled).toBe(false)
    expect(container.querySelector('main[aria-label="Chat"]')?.getAttribute('aria-busy')).toBe('true')
    // Without the page's script the form must not submit (a native submit would reload the page).
    const send = [...container.querySelectorAll('button')].find((button) => button.textContent === 'Send')
    expect(send?.disabled).toBe(true)
    expect(container.querySelector('[aria-label="Replay events"]')).not.toBeNull()
  })

  it('hydrates without a mismatch, and keeps what was typed before hydration', async () => {
    const container = await prerenderedDocument()
    const prompt = container.querySelector('textarea[aria-label="Prompt"]') as HTMLTextAreaElement
    prompt.value = 'typed before the script ran'
    const mismatches: unknown[] = []
    const host = createPlaygroundHost({ store: new MemorySessionStore() })
    await act(async () => {
      root = hydrateRoot(container, <PageRoot host={host} storage={undefined} />, { onRecoverableError: (error) => void mismatches.push(error) })
    })
    expect(mismatches).toEqual([])
    // The same element, hydrated: the prompt's text is the app's now, so Send takes it.
    expect(container.querySelector('textarea[aria-label="Prompt"]')).toBe(prompt)
    expect(prompt.value).toBe('typed before the script ran')
    const send = [...container.querySelectorAll('button')].find((button) => button.textContent === 'Send')
    expect(send?.disabled).toBe(false)
  })

  it('hydrates as well with saved settings, rendered with the defaults first, and shows the saved ones right after', async () => {
    const container = await prerenderedDocument()
    const storage = localStorage
    storage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ theme: 'dark', providerKind: 'openai', model: 'gpt-4o-mini' }))
    const mismatches: unknown[] = []
    const host = createPlaygroundHost({ store: new MemorySessionStore() })
    await act(async () => {
      root = hydrateRoot(container, <PageRoot host={host} storage={storage} hydrating />, { onRecoverableError: (error) => void mismatches.push(error) })
    })
    expect(mismatches).toEqual([])
    expect(container.querySelector('.robota-root')?.getAttribute('data-theme')).toBe('dark')
    expect(container.querySelector('header')?.textContent).toContain('gpt-4o-mini')
  })
})

