// @vitest-environment happy-dom
import { cleanup, fireEvent, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { TSessionSummary } from '../../lib/storage/session-store.ts'
import { SessionItem } from './session-item.tsx'

afterEach(cleanup)

const at = new Date(2026, 10, 28, 14, 3, 7).getTime()
const summary = (messageCount: number): TSessionSummary => ({ id: `s${messageCount}`, name: 'Notes', createdAt: at, updatedAt: at, messageCount, providerName: 'offline-demo', model: 'offline-demo' })
const nothing = () => undefined

describe('SessionItem', () => {
  it.each([
    [0, '0 messages · 14:03:07'],
    [1, '1 message · 14:03:07'],
    [2, '2 messages · 14:03:07']
  ])('says how many messages a session of %i holds and when it last changed', (count, meta) => {
    const { container } = render(
      <SessionItem session={summary(count)} selected={false} running={false} readOnly={false} onSelect={nothing} onRename={nothing} onFork={nothing} onDelete={nothing} />
    )
    expect(container.querySelector('.session-meta')?.textContent).toBe(meta)
  })

  it('gives the keyboard back to Rename after a rename, and to Delete after Keep or Escape in the confirmation', () => {
    const renamed: string[] = []
    const { getByRole, getByLabelText } = render(
      <SessionItem session={summary(2)} selected running={false} readOnly={false} onSelect={nothing} onRename={(_id, name) => renamed.push(name)} onFork={nothing} onDelete={nothing} />
    )
    fireEvent.click(getByRole('button', { name: 'Rename Notes' }))
    const box = getByLabelText('New name for Notes')
    expect(document.activeElement).toBe(box)
    fireEvent.change(box, { target: { value: 'Field notes' } })
    fireEvent.submit(box.closest('form') as HTMLFormElement)
    expect(renamed).toEqual(['Field notes'])
    expect(document.activeElement).toBe(getByRole('button', { name: 'Rename Notes' }))

    fireEvent.click(getByRole('button', { name: 'Delete Notes' }))
    expect(document.activeElement).toBe(getByRole('button', { name: 'Keep' }))
    fireEvent.click(getByRole('button', { name: 'Keep' }))
    expect(document.activeElement).toBe(getByRole('button', { name: 'Delete Notes' }))

    fireEvent.click(getByRole('button', { name: 'Delete Notes' }))
    fireEvent.keyDown(getByRole('button', { name: 'Keep' }), { key: 'Escape' })
    expect(getByRole('button', { name: 'Delete Notes' })).toBe(document.activeElement)
  })
})
