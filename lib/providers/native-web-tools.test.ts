import { afterEach, describe, expect, it } from 'vitest'
import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import type { TAssistantMessage } from '../core/messages.ts'
import type { IAIProvider } from '../core/provider.ts'
import { getProviderCapabilities } from '../core/provider-capabilities.ts'
import { Robota } from '../core/robota.ts'
import { readServerToolUses, type TServerToolUse } from '../core/server-tool-use.ts'
import { startFakeLlmServer, type TFakeLlmServer } from '../testing/fake-llm-server.ts'
import type { TFakeLlmTurn } from '../testing/fake-llm/fake-llm-script.ts'
import { AnthropicProvider } from './anthropic/anthropic-provider.ts'
import { GoogleProvider } from './google/google-provider.ts'
import { OpenAIProvider } from './openai/openai-provider.ts'

const API_KEY = 'sk-web-tools-test'
const SEARCH_TURN: TFakeLlmTurn = {
  webSearches: [{ query: 'robota sdk', results: [{ title: 'Robota', url: 'https://example.com/robota' }] }],
  text: 'Robota is an agent SDK.'
}

let server: TFakeLlmServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

function agentFor(provider: IAIProvider) {
  const events: TExecutionEventEnvelope[] = []
  const agent = new Robota({ name: 'searcher', aiProviders: [provider], defaultModel: { provider: provider.name, model: 'test-model' } })
  return { agent, events, onExecutionEvent: (event: TExecutionEventEnvelope) => void events.push(event) }
}

const HOSTED = [
  {
    label: 'Anthropic (server web_search tool)',
    create: (fake: TFakeLlmServer, heard: TServerToolUse[]) =>
      new AnthropicProvider({ apiKey: API_KEY, baseURL: fake.url, maxRetries: 0, enableWebTools: true, onServerToolUse: (use) => void heard.push(use) }),
    toolsOf: (body: Record<string, unknown>) => body.tools,
    expectedTool: { type: 'web_search_20250305', name: 'web_search' },
    sentBack: (body: Record<string, unknown>) => JSON.stringify((body.messages as Array<{ role: string; content: unknown }>).find((message) => message.role === 'assistant')?.content),
    sentBackMarkers: ['"type":"server_tool_use"', '"type":"web_search_tool_result"', 'https://example.com/robota']
  },
  {
    label: 'OpenAI Responses (hosted web_search tool)',
    create: (fake: TFakeLlmServer, heard: TServerToolUse[]) =>
      new OpenAIProvider({ apiKey: API_KEY, baseURL: fake.openaiBaseURL, apiSurface: 'responses', maxRetries: 0, enableWebTools: true, onServerToolUse: (use) => void heard.push(use) }),
    toolsOf: (body: Record<string, unknown>) => body.tools,
    expectedTool: { type: 'web_search' },
    sentBack: (body: Record<string, unknown>) => JSON.stringify(body.input),
    sentBackMarkers: ['"type":"web_search_call"', '"query":"robota sdk"']
  }
]

describe.each(HOSTED)('$label', ({ create, toolsOf, expectedTool, sentBack, sentBackMarkers }) => {
  it('sends the hosted tool, reports the search as it starts and ends, keeps it on the reply and sends it back next turn', async () => {
    server = await startFakeLlmServer({ turns: [SEARCH_TURN, { text: 'Anything else?' }] })
    const heard: TServerToolUse[] = []
    const provider = create(server, heard)
    expect(getProviderCapabilities(provider).nativeWebTools.webSearch).toMatchObject({ supported: true, enabled: true })
    const { agent, events, onExecutionEvent } = agentFor(provider)

    const result = await agent.run('What is robota?', { onExecutionEvent, nativeWebTools: { webSearch: true } })
    expect(result.error).toBeUndefined()
    expect(result.response).toBe('Robota is an agent SDK.')
    const body = server.requests[0]?.body as Record<string, unknown>
    expect(toolsOf(body)).toEqual(expect.arrayContaining([expect.objectContaining(expectedTool)]))

    expect(heard.map((use) => use.status)).toEqual(['started', 'completed'])
    const replayed = events.filter((event) => event.type === 'server_tool_use').map((event) => event.data)
    expect(replayed).toEqual([
      expect.objectContaining({ provider: provider.name, toolName: 'web_search', status: 'started', input: { query: 'robota sdk' } }),
      expect.objectContaining({ provider: provider.name, toolName: 'web_search', status: 'completed', sources: [expect.objectContaining({ url: 'https://example.com/robota' })] })
    ])
    const reply = result.history.find((message): message is TAssistantMessage => message.role === 'assistant')
    expect(reply && readServerToolUses(reply)).toEqual([expect.objectContaining({ status: 'completed', input: { query: 'robota sdk' } })])

    await agent.run('Thanks')
    const next = server.requests[1]?.body as Record<string, unknown>
    for (const marker of sentBackMarkers) expect(sentBack(next)).toContain(marker)
  })

  it('reports a failed search as failed', async () => {
    server = await startFakeLlmServer({ turns: [{ webSearches: [{ query: 'down', errorCode: 'unavailable' }], text: 'Search is down.' }] })
    const heard: TServerToolUse[] = []
    const { agent } = agentFor(create(server, heard))
    await agent.run('Search')
    expect(heard.at(-1)).toMatchObject({ status: 'failed', input: { query: 'down' } })
  })
})

describe('native web tools that are off or missing', () => {
  it.each([
    ['anthropic, not enabled', (fake: TFakeLlmServer) => new AnthropicProvider({ apiKey: API_KEY, baseURL: fake.url, maxRetries: 0 }), /supports native web search, but it is not enabled/],
    [
      'openai chat-completions',
      (fake: TFakeLlmServer) => new OpenAIProvider({ apiKey: API_KEY, baseURL: fake.openaiBaseURL, apiSurface: 'chat-completions', maxRetries: 0 }),
      /does not support native web search.*Responses API only/
    ],
    ['google', (fake: TFakeLlmServer) => new GoogleProvider({ apiKey: API_KEY, baseURL: fake.url, maxRetries: 0 }), /does not support native web search/]
  ])('%s: a run that needs web search is refused before anything is sent', async (_label, create, message) => {
    server = await startFakeLlmServer({ turns: [{ text: 'never sent' }] })
    const { agent } = agentFor(create(server))
    const result = await agent.run('Search the web', { nativeWebTools: { webSearch: true } })
    expect(result.error).toMatchObject({ code: 'CONFIGURATION_ERROR' })
    expect(result.error?.message).toMatch(message)
    expect(server.requests).toHaveLength(0)
  })

  it('configureNativeWebTools switches web search on, and refuses web fetch with a ConfigurationError', async () => {
    server = await startFakeLlmServer({ turns: [SEARCH_TURN] })
    const provider = new AnthropicProvider({ apiKey: API_KEY, baseURL: server.url, maxRetries: 0 })
    expect(getProviderCapabilities(provider).nativeWebTools.webSearch.enabled).toBe(false)
    provider.configureNativeWebTools({ webSearch: true })
    expect(provider.enableWebTools).toBe(true)
    expect(() => provider.configureNativeWebTools({ webFetch: true })).toThrow(/does not support native web fetch/)
    const { agent } = agentFor(provider)
    expect((await agent.run('What is robota?')).response).toBe('Robota is an agent SDK.')
  })

  it('OpenAIProvider refuses enableWebTools on Chat Completions, naming the surface to use', () => {
    expect(() => new OpenAIProvider({ apiKey: API_KEY, baseURL: 'http://127.0.0.1:9/v1', apiSurface: 'chat-completions', enableWebTools: true })).toThrow(
      /Use apiSurface: 'responses'/
    )
  })

  it('a bad nativeWebTools run option is a ValidationError naming it', async () => {
    server = await startFakeLlmServer({ turns: [] })
    const { agent } = agentFor(new AnthropicProvider({ apiKey: API_KEY, baseURL: server.url, maxRetries: 0 }))
    await expect(agent.run('x', { nativeWebTools: { webSerch: true } as never })).rejects.toThrow(/nativeWebTools must be \{ webSearch\?: boolean, webFetch\?: boolean \}/)
  })

  it('the fake server refuses a search turn when the request carries no web_search tool, as the API would', async () => {
    server = await startFakeLlmServer({ turns: [SEARCH_TURN] })
    const { agent } = agentFor(new AnthropicProvider({ apiKey: API_KEY, baseURL: server.url, maxRetries: 0 }))
    const result = await agent.run('Search')
    expect(result.error).toMatchObject({ statusCode: 400 })
    expect(result.error?.message).toMatch(/no web_search tool/)
  })
})
