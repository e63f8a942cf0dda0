import { describe, expect, it } from 'vitest'
import { createAssistantMessage, createUserMessage } from '../../lib/core/messages.ts'
import { SERVER_TOOL_USES_METADATA_KEY } from '../../lib/core/server-tool-use.ts'
import { serverToolUsesOf } from './server-tool-uses.ts'

describe('serverToolUsesOf', () => {
  it('reads the web searches a reply keeps, under the key the providers write', () => {
    const use = { id: 'srvtoolu_1', toolName: 'web_search', input: { query: 'robota' }, status: 'completed', sources: [{ url: 'https://example.com' }] }
    const reply = createAssistantMessage('Found it.', { metadata: { [SERVER_TOOL_USES_METADATA_KEY]: [JSON.stringify(use), '{broken', JSON.stringify({ id: 3 })] } })
    expect(serverToolUsesOf(reply)).toEqual([use])
  })

  it('finds none on other messages or replies without them', () => {
    expect(serverToolUsesOf(createUserMessage('hi'))).toEqual([])
    expect(serverToolUsesOf(createAssistantMessage('plain'))).toEqual([])
  })
})
