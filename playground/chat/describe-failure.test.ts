import { describe, expect, it } from 'vitest'
import { describeFailure } from './describe-failure.ts'

describe('describeFailure', () => {
  it.each([
    ['Error: the model provider failed: 401 invalid x-api-key', undefined, 'The provider refused the API key.', /Open Settings and paste a valid key/],
    ['Request failed', 'AUTHENTICATION_ERROR', 'The provider refused the API key.', /valid key/],
    ['429 rate limited; retry after 12 seconds', 'RATE_LIMIT_ERROR', 'The provider’s rate limit was hit.', /^Wait 12 seconds/],
    ["The OpenAI API's rate limit or quota was reached (429). Try again in 3 seconds, or check the plan's limits.", 'RATE_LIMIT_ERROR', 'The provider’s rate limit was hit.', /^Wait 3 seconds/],
    ['Too many requests', undefined, 'The provider’s rate limit was hit.', /^Wait a minute/],
    ['Connection error. TypeError: Failed to fetch', undefined, 'The model server could not be reached from this page.', /Access-Control-Allow-Origin/],
    ['404 The model `gpt-9` does not exist', undefined, 'The model is not available.', /another model/],
    ['An OpenAI-compatible provider needs a base URL', 'CONFIGURATION_ERROR', 'The provider is not set up.', /provider fields/],
    ['QuotaExceededError', 'STORAGE_ERROR', 'The browser would not store the session.', /IndexedDB/]
  ])('%s (%s) → %s', (message, code, title, fix) => {
    const notice = describeFailure(message, code)
    expect(notice.title).toBe(title)
    expect(notice.fix).toMatch(fix)
    expect(notice.detail).not.toMatch(/^Error: the model provider failed/)
  })

  it('keeps an unknown failure as it is, with no made-up fix', () => {
    expect(describeFailure('The sandbox ran out of memory')).toEqual({ title: 'The turn failed.', detail: 'The sandbox ran out of memory', opensSettings: false })
  })
})
