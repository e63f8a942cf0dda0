// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ReplaySearchBox } from './replay-search-box.tsx'
import type { TReplaySearch } from './use-replay-search.ts'

afterEach(cleanup)

const idle: TReplaySearch = { text: '', setText: () => undefined, clear: () => undefined, matched: undefined, searching: false }

describe('ReplaySearchBox', () => {
  it('keeps a running turn’s growing count quiet, and speaks the count while a search narrows the list', () => {
    const { rerender } = render(<ReplaySearchBox search={idle} shownCount={48} totalCount={48} />)
    const count = screen.getByRole('status', { name: 'Events shown' })
    expect(count.textContent).toBe('48 events')
    expect(count.getAttribute('aria-live')).toBe('off')

    rerender(<ReplaySearchBox search={{ ...idle, text: 'tool', searching: true }} shownCount={48} totalCount={48} />)
    expect(count.getAttribute('aria-live')).toBe('polite')
    rerender(<ReplaySearchBox search={{ ...idle, text: 'tool', matched: new Set([3, 4]) }} shownCount={2} totalCount={48} />)
    expect(count.textContent).toBe('2 of 48 events')
    expect(count.getAttribute('aria-live')).toBe('polite')
  })
})
