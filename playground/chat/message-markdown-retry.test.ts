// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { loadRenderer } from './message-markdown.tsx'

// The renderer's chunk fails to arrive once, as a dropped connection would leave it.
const attempts = vi.hoisted(() => ({ count: 0 }))
vi.mock('./markdown-renderer.ts', async (importOriginal) => {
  attempts.count += 1
  if (attempts.count === 1) throw new TypeError('Failed to fetch dynamically imported module')
  return importOriginal()
})

describe('loadRenderer', () => {
  it('asks for the renderer again after a load that failed, rather than keeping the failure', async () => {
    await expect(loadRenderer()).rejects.toThrow()
    const renderer = await loadRenderer()
    expect(renderer.renderMarkdownText('**bold** and `code`')).toBe('bold and code')
    expect(attempts.count).toBe(2)
  })
})
