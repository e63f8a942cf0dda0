import { APIError } from 'openai'
import { describe, expect, it } from 'vitest'
import { toOpenAIError } from './to-openai-error.ts'

const refusal = (status: number) => APIError.generate(status, { error: { message: 'no' } }, 'no', new Headers())

describe('toOpenAIError', () => {
  it("names OpenAI's API and its key page only when the base URL is OpenAI's", () => {
    const official = toOpenAIError(refusal(401), { baseURL: 'https://api.openai.com/v1', apiKey: undefined })
    expect(official.message).toMatch(/^The OpenAI API rejected the API key/)
    expect(official.message).toContain('platform.openai.com')
  })

  it('names an OpenAI-compatible server by its host, and never sends its users to OpenAI', () => {
    for (const status of [401, 403, 404, 429, 500]) {
      const error = toOpenAIError(refusal(status), { baseURL: 'http://localhost:11434/v1', apiKey: undefined })
      expect(error.message, String(status)).toMatch(/^The server at localhost:11434/)
      expect(error.message, String(status)).not.toMatch(/OpenAI|openai\.com/)
    }
  })
})
