import { describe, expect, it } from 'vitest'
import { createFixedWindowRateLimiter } from './fixed-window-rate-limiter.ts'

describe('createFixedWindowRateLimiter', () => {
  it('lets `requests` through per user and window, then says how long until the window ends', () => {
    let time = 1_000
    const limiter = createFixedWindowRateLimiter({ requests: 2, windowMs: 10_000, now: () => time })
    expect(limiter.take('alice')).toEqual({ allowed: true })
    time += 4_000
    expect(limiter.take('alice')).toEqual({ allowed: true })
    expect(limiter.take('alice')).toEqual({ allowed: false, retryAfterMs: 6_000 })
    expect(limiter.take('bob')).toEqual({ allowed: true })
    time += 6_000
    expect(limiter.take('alice')).toEqual({ allowed: true })
  })
})
