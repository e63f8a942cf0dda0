import { describe, expect, it } from 'vitest'
import { followAbort } from './follow-abort.ts'

describe('followAbort', () => {
  it('aborts the controller with the outer signal’s reason, now or later, until released', () => {
    const outer = new AbortController()
    const follower = new AbortController()
    followAbort(outer.signal, follower)
    outer.abort('stopped by the page')
    expect(follower.signal.aborted).toBe(true)
    expect(follower.signal.reason).toBe('stopped by the page')

    const already = new AbortController()
    already.abort('early')
    const late = new AbortController()
    followAbort(already.signal, late)
    expect(late.signal.reason).toBe('early')

    const released = new AbortController()
    const loose = new AbortController()
    followAbort(released.signal, loose)()
    released.abort()
    expect(loose.signal.aborted).toBe(false)
  })

  it('follows nothing without an outer signal', () => {
    const controller = new AbortController()
    followAbort(undefined, controller)()
    expect(controller.signal.aborted).toBe(false)
  })
})
