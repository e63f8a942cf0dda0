import { describe, expect, it } from 'vitest'
import { readSessionLink, sessionLinkFor } from './session-link.ts'

describe('session links', () => {
  it('names a session in the address fragment and reads it back, whatever its id holds', () => {
    for (const id of ['abc-123', 'with space & = #']) expect(readSessionLink(sessionLinkFor(id))).toBe(id)
  })

  it('reads no session from a fragment that names none', () => {
    expect(readSessionLink('')).toBeUndefined()
    expect(readSessionLink('#settings')).toBeUndefined()
    expect(readSessionLink('#session=')).toBeUndefined()
  })
})
