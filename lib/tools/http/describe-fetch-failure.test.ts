import { describe, expect, it } from 'vitest'
import { describeFetchFailure } from './describe-fetch-failure.ts'

const base = { url: 'https://example.com/a', timeoutMs: 30_000, timedOut: false, aborted: false, inBrowser: false }

describe('describeFetchFailure', () => {
  it.each([
    [new Error('boom'), { timedOut: true }, 'Request to https://example.com/a timed out after 30 s.'],
    [new Error('boom'), { aborted: true }, 'Request to https://example.com/a was interrupted.'],
    [new TypeError('fetch failed', { cause: new Error('getaddrinfo ENOTFOUND example.com') }), {}, 'Could not fetch https://example.com/a: fetch failed: getaddrinfo ENOTFOUND example.com'],
    [new Error('Invalid header value'), { inBrowser: true }, 'Could not fetch https://example.com/a: Invalid header value'],
    ['a string', {}, 'Could not fetch https://example.com/a: a string']
  ])('words %s with %j', (error, context, message) => {
    expect(describeFetchFailure(error, { ...base, ...context })).toBe(message)
  })

  it.each(['Failed to fetch', 'Load failed', 'NetworkError when attempting to fetch resource.'])(
    'points to CORS for a browser TypeError "%s"',
    (reason) => {
      const message = describeFetchFailure(new TypeError(reason), { ...base, inBrowser: true })
      expect(message).toContain(`Could not fetch https://example.com/a (${reason}).`)
      expect(message).toContain('CORS: no Access-Control-Allow-Origin header')
    }
  )
})
