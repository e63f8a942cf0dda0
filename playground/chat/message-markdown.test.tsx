// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MessageMarkdown, readyRenderer } from './message-markdown.tsx'

// Counts the renderer's loads: the module is evaluated once, when something first imports it.
const loads = vi.hoisted(() => ({ count: 0 }))
vi.mock('./markdown-renderer.ts', async (importOriginal) => {
  loads.count += 1
  return importOriginal()
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

// Each test file has its own module registry, so the renderer starts unloaded here.
describe('readyRenderer', () => {
  it('loads the renderer in one idle period and warms it in the next few, so a message rendered after renders Markdown from the start', async () => {
    const idle: Array<() => void> = []
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run))

    readyRenderer(false)
    // Nothing loads before the page is idle.
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(loads.count).toBe(0)
    expect(idle).toHaveLength(1)

    idle[0]?.()
    await vi.waitFor(() => expect(idle).toHaveLength(2))
    expect(loads.count).toBe(1)
    // The warm-up renders a sample per idle period, each asking for the next only once it ran.
    for (let step = 1; step < idle.length; step++) {
      const asked = idle.length
      idle[step]?.()
      expect(idle.length - asked).toBeLessThanOrEqual(1)
    }
    expect(idle.length).toBeGreaterThan(2)

    // Loaded: a message mounted now is Markdown in its first render, with no plain pass.
    const { container } = render(<MessageMarkdown text="**bold**" />)
    expect(container.querySelector('.markdown.plain')).toBeNull()
    expect(container.querySelector('.markdown strong')?.textContent).toBe('bold')

    // Asked again (each turn's start and end asks): loaded already, and warmed once only.
    const before = idle.length
    readyRenderer(false)
    idle.at(-1)?.()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(idle.length).toBe(before + 1)
  })
})
