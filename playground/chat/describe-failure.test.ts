import { describe, expect, it } from 'vitest'
import { isRobotaError } from '../../lib/core/errors.ts'
import { AnthropicProvider } from '../../lib/providers/anthropic/anthropic-provider.ts'
import { GoogleProvider } from '../../lib/providers/google/google-provider.ts'
import { OpenAIProvider } from '../../lib/providers/openai/openai-provider.ts'
import { describeFailure } from './describe-failure.ts'

/** What a provider built with no key throws, as the page receives it. */
function refusalWithoutKey(build: () => unknown): { message: string; code: string } {
  try {
    build()
  } catch (error) {
    if (isRobotaError(error)) return { message: error.message, code: error.code }
  }
  throw new Error('The provider was built without a key.')
}

describe('describeFailure', () => {
  it.each([
    ['Error: the model provider failed: 401 invalid x-api-key', undefined, 'The provider refused the API key.', /Open Settings and paste a valid key/],
    ['Request failed', 'AUTHENTICATION_ERROR', 'The provider refused the API key.', /valid key/],
    ['429 rate limited; retry after 12 seconds', 'RATE_LIMIT_ERROR', 'The provider’s rate limit was hit.', /^Wait 12 seconds/],
    ["The OpenAI API's rate limit or quota was reached (429). Try again in 3 seconds, or check the plan's limits.", 'RATE_LIMIT_ERROR', 'The provider’s rate limit was hit.', /^Wait 3 seconds/],
    ['429 rate limited; retry after 1 second', 'RATE_LIMIT_ERROR', 'The provider’s rate limit was hit.', /^Wait 1 second, then/],
    ['Too many requests', undefined, 'The provider’s rate limit was hit.', /^Wait a minute/],
    ['Connection error. TypeError: Failed to fetch', undefined, 'The model server could not be reached from this page.', /Access-Control-Allow-Origin/],
    ['404 The model `gpt-9` does not exist', undefined, 'The model is not available.', /another model/],
    ['An OpenAI-compatible provider needs a base URL', 'CONFIGURATION_ERROR', 'The provider is not set up.', /provider fields/],
    ['QuotaExceededError', 'STORAGE_ERROR', 'The browser would not store the session.', /IndexedDB/],
    ['Anthropic is overloaded (HTTP 529: Overloaded). Try again in a moment.', 'PROVIDER_ERROR', 'The provider is overloaded.', /^Wait a moment, then send again/],
    ['Anthropic had a server error (HTTP 500: boom). Try again in a moment.', 'PROVIDER_ERROR', 'The provider had a server error.', /^Send again in a moment/],
    ['The server at http://127.0.0.1:1/v1 had a server error (HTTP 502: bad gateway). Try again in a moment.', 'PROVIDER_ERROR', 'The provider had a server error.', /status page/],
    ['The connection to Anthropic dropped before the reply was complete (terminated). Try again.', 'NETWORK_ERROR', 'The reply was cut off: the connection dropped mid-answer.', /^Send again; what arrived/],
    ['The stream from http://127.0.0.1:1/v1 ended before the reply was complete (no [DONE]). Try again.', 'NETWORK_ERROR', 'The reply was cut off: the connection dropped mid-answer.', /kept above/],
    ['Anthropic sent a stream event that is not valid JSON. Try the request again.', 'PROVIDER_ERROR', 'The model server sent a reply that could not be read.', /base URL in Settings/],
    ['The provider sent nothing for 30000 ms, so the call was stopped. Try again, or raise the agent\'s `timeout`.', 'PROVIDER_ERROR', 'The model server stopped answering for 30 s.', /^Send again\. If it keeps stalling/],
    ["Could not reach Anthropic at http://127.0.0.1:9. Check the network connection and the provider's base URL, then try again.", 'NETWORK_ERROR', 'The model server could not be reached from this page.', /Check the base URL in Settings/],
    ["Could not reach Anthropic at http://127.0.0.1:9. Check the network connection and the provider's base URL, then try again.", undefined, 'The model server could not be reached from this page.', /CORS/]
  ])('%s (%s) → %s', (message, code, title, fix) => {
    const notice = describeFailure(message, code)
    expect(notice.title).toBe(title)
    expect(notice.fix).toMatch(fix)
    expect(notice.detail).not.toMatch(/^Error: the model provider failed/)
  })

  it.each([
    ['The provider is overloaded.', 'Anthropic is overloaded (HTTP 529: Overloaded). Try again in a moment.', true],
    ['The provider had a server error.', 'Anthropic had a server error (HTTP 500: boom). Try again in a moment.', false],
    ['The reply was cut off: the connection dropped mid-answer.', 'The connection to Anthropic dropped before the reply was complete (terminated). Try again.', false],
    ['The model server sent a reply that could not be read.', 'Anthropic sent a stream event that is not valid JSON. Try the request again.', true]
  ])('%s offers Settings only when a setting can fix it (%s)', (_title, message, opensSettings) => {
    expect(describeFailure(message).opensSettings).toBe(opensSettings)
  })

  it('keeps the reply streamed before the failure apart, and classifies the failure alone', () => {
    const notice = describeFailure('Part one, the API key field\n\nError: the model provider failed: Anthropic had a server error (HTTP 500: boom). Try again in a moment.')
    expect(notice).toMatchObject({
      title: 'The provider had a server error.',
      partial: 'Part one, the API key field',
      detail: 'Anthropic had a server error (HTTP 500: boom). Try again in a moment.'
    })
    expect(describeFailure('Error: the model provider failed: boom')).not.toHaveProperty('partial')
  })

  it.each([
    ['Anthropic', () => new AnthropicProvider({}), 'https://console.anthropic.com/settings/keys'],
    ['OpenAI', () => new OpenAIProvider({}), 'https://platform.openai.com/api-keys'],
    ['Google', () => new GoogleProvider({}), 'https://aistudio.google.com/apikey']
  ])('says plainly that the key for %s must be entered again, with Settings to do it, with or without the error’s code', (provider, build, keyPage) => {
    const { message, code } = refusalWithoutKey(build)
    expect(code).toBe('CONFIGURATION_ERROR')
    for (const notice of [describeFailure(message), describeFailure(message, code)]) {
      expect(notice).toEqual({
        title: `The API key for ${provider} is missing.`,
        detail: `Keys are kept in this tab’s memory only, so a reload forgets them, unless “Remember keys on this device” is ticked in Settings. A key can be created at ${keyPage}.`,
        fix: `Open Settings and enter the API key for ${provider} again.`,
        opensSettings: true
      })
    }
    // Another code means another failure that happens to quote the message.
    expect(describeFailure(message, 'PROVIDER_ERROR').title).not.toMatch(/missing/)
  })

  it('keeps an unknown failure as it is, with no made-up fix', () => {
    expect(describeFailure('The sandbox ran out of memory')).toEqual({ title: 'The turn failed.', detail: 'The sandbox ran out of memory', opensSettings: false })
  })
})
