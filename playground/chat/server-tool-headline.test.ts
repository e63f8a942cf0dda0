import { describe, expect, it } from 'vitest'
import { describeServerToolInput } from './server-tool-headline.ts'

describe('describeServerToolInput', () => {
  it('heads the card with the search query, or with the whole input when it has none', () => {
    expect(describeServerToolInput({ id: 'srvtoolu_1', toolName: 'web_search', input: { query: 'robota' }, status: 'completed' })).toBe('robota')
    expect(describeServerToolInput({ id: 'srvtoolu_2', toolName: 'web_fetch', input: { url: 'https://example.com' }, status: 'started' })).toBe('{"url":"https://example.com"}')
  })
})
