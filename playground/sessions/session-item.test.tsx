// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react'
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
})
