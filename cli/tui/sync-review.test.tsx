import { render } from 'ink-testing-library'
import { describe, expect, it } from 'vitest'
import { SyncReview } from './sync-review.tsx'

const changes = [
  { path: 'notes.txt', kind: 'add' as const, content: new TextEncoder().encode('hello\n'), diffLines: [{ type: 'add' as const, content: 'hello' }], binary: false }
]

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('sync review', () => {
  it.each([
    { keys: ['y', 'y'], decision: true },
    { keys: ['n', 'y'], decision: false },
    { keys: ['N', 'n'], decision: false },
    // A key and Enter typed at once arrive in one read.
    { keys: ['y\r'], decision: true },
    { keys: ['n\r'], decision: false },
    // Esc and y read together, as a fast Esc then y reaches the client.
    { keys: ['\u001By'], decision: false }
  ])('decides once from $keys, however fast the keys come', async ({ keys, decision }) => {
    const decisions: boolean[] = []
    const { stdin, lastFrame, unmount } = render(<SyncReview changes={changes} onDecision={(write) => decisions.push(write)} />)
    expect(lastFrame()).toContain('A notes.txt')
    expect(lastFrame()).toContain('+ hello')
    for (const key of keys) stdin.write(key)
    await settle()
    expect(decisions).toEqual([decision])
    unmount()
  })
})
