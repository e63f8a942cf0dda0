// @vitest-environment happy-dom
import { cleanup, fireEvent, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { TSessionSummary } from '../../lib/storage/session-store.ts'
import { SessionList } from './session-list.tsx'

afterEach(cleanup)

const session = (id: string, name: string, parentSessionId?: string): TSessionSummary => ({
  id,
  name,
  createdAt: 1,
  updatedAt: 1,
  messageCount: 2,
  providerName: 'offline-demo',
  model: 'offline-demo',
  ...(parentSessionId ? { parentSessionId, parentToolCallId: `call-${id}` } : {})
})

const SESSIONS = [
  session('run-2', 'Explore: find tests', 'parent'),
  session('parent', 'Tidy the repo'),
  session('run-1', 'Explore: look around', 'parent'),
  session('other', 'Notes')
]
const nothing = () => undefined

const listProps = (selectedId: string) => ({ sessions: SESSIONS, selectedId, corruptCount: 0, running: false, readOnly: false, onSelect: nothing, onCreate: nothing, onRename: nothing, onFork: nothing, onDelete: nothing })

function renderList(selectedId: string, selected: string[] = [], focusRequest = 0) {
  return render(<SessionList {...listProps(selectedId)} onSelect={(id) => selected.push(id)} focusRequest={focusRequest} />)
}

const rowNames = (container: HTMLElement) =>
  [...container.querySelectorAll('nav > ul > li > .session-open .session-name')].map((name) => name.textContent)

describe('SessionList', () => {
  it("folds a session's subagent runs under its row, in a disclosure that opens them", () => {
    const selected: string[] = []
    const { container, getByRole, getByText } = renderList('other', selected)
    expect(rowNames(container)).toEqual(['Tidy the repo', 'Notes'])
    expect(container.querySelectorAll('details')).toHaveLength(1)
    const runs = getByText('2 subagent runs').closest('details') as HTMLDetailsElement
    expect(runs.closest('li')?.querySelector('.session-name')?.textContent).toBe('Tidy the repo')
    expect(runs.open).toBe(false)
    expect([...runs.querySelectorAll('.session-name')].map((name) => name.textContent)).toEqual(['Explore: find tests', 'Explore: look around'])

    runs.open = true
    fireEvent.click(getByRole('button', { name: /^Explore: look around/ }))
    expect(selected).toEqual(['run-1'])
  })

  it('opens the runs by itself when one of them is the open session, so the keyboard reaches it', () => {
    const { getByRole, getByText } = renderList('run-1', [], 1)
    expect((getByText('2 subagent runs').closest('details') as HTMLDetailsElement).open).toBe(true)
    expect(document.activeElement).toBe(getByRole('button', { name: /^Explore: look around/ }))
    // The open run keeps its own actions.
    expect(getByRole('button', { name: 'Rename Explore: look around' })).toBeTruthy()
  })

  it('keeps the runs open when the parent is opened after one of them, and folded when the person folded them', () => {
    const { getByText, rerender } = renderList('run-1')
    const runs = getByText('2 subagent runs').closest('details') as HTMLDetailsElement
    expect(runs.open).toBe(true)
    rerender(<SessionList {...listProps('parent')} />)
    expect(runs.open).toBe(true)
    runs.open = false
    rerender(<SessionList {...listProps('other')} />)
    expect(runs.open).toBe(false)
  })

  it('keeps the runs on screen, open as they were, while the parent is renamed', () => {
    const { container, getByRole, getByLabelText, getByText } = renderList('parent')
    const runs = getByText('2 subagent runs').closest('details') as HTMLDetailsElement
    runs.open = true
    fireEvent.click(getByRole('button', { name: 'Rename Tidy the repo' }))
    const box = getByLabelText('New name for Tidy the repo')
    expect(container.querySelector('details')).toBe(runs)
    expect(runs.open).toBe(true)
    fireEvent.keyDown(box, { key: 'Escape' })
    expect(container.querySelector('details')).toBe(runs)
    expect(runs.open).toBe(true)
  })

  it('says that deleting a parent takes its runs with it', () => {
    const { getByRole, getByText } = renderList('parent')
    fireEvent.click(getByRole('button', { name: 'Delete Tidy the repo' }))
    expect(getByText('Delete with its files, subagent runs and log?')).toBeTruthy()
  })
})
