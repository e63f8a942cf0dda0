import { APIConnectionError, APIError } from 'openai'
import { describe, expect, it } from 'vitest'
import { toOpenAIError } from './to-openai-error.ts'

const refusal = (status: number) => APIError.generate(status, { error: { message: 'no' } }, 'no', new Headers())

describe('toOpenAIError', () => {
  it("names OpenAI's API and its key page only when the base URL is OpenAI's", () => {
    const official = toOpenAIError(refusal(401), { baseURL: 'https://api.openai.com/v1', apiKey: undefined })
    expect(official.message).toMatch(/^The OpenAI API rejected the API key/)
    expect(official.message).toContain('platform.openai.com')
  })

  it('names an OpenAI-compatible server by host, port and path, and never sends its users to OpenAI', () => {
    for (const status of [401, 403, 404, 429, 500]) {
      const error = toOpenAIError(refusal(status), { baseURL: 'http://localhost:11434/v1/', apiKey: undefined })
      expect(error.message, String(status)).toMatch(/^The server at localhost:11434\/v1 /)
      expect(error.message, String(status)).not.toMatch(/OpenAI|openai\.com/)
    }
  })

  it.each([
    ['a connection that failed', new APIConnectionError({ message: 'Connection error.' }), 'Could not reach the server at localhost:11434/v1. Check'],
    ['a stream event that is not JSON', new SyntaxError('Unexpected token'), 'The server at localhost:11434/v1 sent a stream event that is not valid JSON.'],
    ['a connection dropped mid-body', new TypeError('terminated'), 'The connection to localhost:11434/v1 dropped before the reply was complete']
  ])('names the server of %s as its other failures do: host, port and path', (_, thrown, message) => {
    expect(toOpenAIError(thrown, { baseURL: 'http://localhost:11434/v1', apiKey: undefined }).message).toContain(message)
  })

  it("names OpenAI's own API when it could not be reached", () => {
    const error = toOpenAIError(new APIConnectionError({ message: 'Connection error.' }), { baseURL: 'https://api.openai.com/v1', apiKey: undefined })
    expect(error.message).toMatch(/^Could not reach the OpenAI API at api\.openai\.com\/v1\. /)
  })
})
