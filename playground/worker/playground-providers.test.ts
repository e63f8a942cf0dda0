import { afterEach, describe, expect, it } from 'vitest'
import { createUserMessage } from '../../lib/core/messages.ts'
import type { TProviderChoice } from '../../lib/host/agent-host.ts'
import { startFakeLlmServer, type TFakeLlmServer } from '../../lib/testing/fake-llm-server.ts'
import { playgroundProviders } from './playground-providers.ts'
import { toOpenAIChoiceOptions } from './provider-choice-options.ts'

let server: TFakeLlmServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function requestBodyFor(choice: Omit<TProviderChoice, 'baseURL' | 'apiKey'>, baseURL: (server: TFakeLlmServer) => string) {
  server = await startFakeLlmServer({ turns: [{ text: 'Hi.' }] })
  const factory = playgroundProviders({ maxRetries: 0 })[choice.kind]
  if (!factory) throw new Error(`no factory for ${choice.kind}`)
  const provider = await factory({ ...choice, apiKey: 'test-key', baseURL: baseURL(server) })
  await provider.chat([createUserMessage('Hello')], { model: choice.model, tools: [{ name: 'Read', description: 'Reads', parameters: { type: 'object', properties: {} } }] })
  return server.requests[0]?.body as Record<string, unknown>
}

describe('the playground’s providers take prompt caching and thinking from the choice', () => {
  it('Anthropic: cache_control on the tools and thinking with the budget', async () => {
    const body = await requestBodyFor({ kind: 'anthropic', model: 'claude-sonnet-4-6', promptCaching: true, thinking: { budgetTokens: 2048 } }, (fake) => fake.url)
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 2048 })
    expect((body.tools as Array<Record<string, unknown>>).at(-1)?.cache_control).toEqual({ type: 'ephemeral' })
  })

  it('Anthropic: neither when the choice leaves them out', async () => {
    const body = await requestBodyFor({ kind: 'anthropic', model: 'claude-sonnet-4-6' }, (fake) => fake.url)
    expect(body).not.toHaveProperty('thinking')
    expect((body.tools as Array<Record<string, unknown>>).at(-1)).not.toHaveProperty('cache_control')
  })

  it.each([
    [1024, 'low'],
    [8192, 'medium'],
    [32_000, 'high']
  ])('OpenAI: a budget of %i tokens is reasoning effort %s (Chat Completions behind a base URL)', async (budgetTokens, effort) => {
    const body = await requestBodyFor({ kind: 'openai', model: 'gpt-5-mini', thinking: { budgetTokens } }, (fake) => fake.openaiBaseURL)
    expect(body.reasoning_effort).toBe(effort)
  })

  it('OpenAI: the mapping asks the Responses API for the effort and its summary', () => {
    expect(toOpenAIChoiceOptions({ kind: 'openai', model: 'gpt-5', thinking: { budgetTokens: 8192 } })).toEqual({ reasoning: { effort: 'medium', summary: 'auto' } })
    expect(toOpenAIChoiceOptions({ kind: 'openai', model: 'gpt-5', promptCaching: true })).toEqual({})
  })

  it('Anthropic: web search in the choice sends the server web_search tool', async () => {
    const body = await requestBodyFor({ kind: 'anthropic', model: 'claude-sonnet-4-6', webSearch: true }, (fake) => fake.url)
    expect(body.tools).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'web_search_20250305', name: 'web_search' })]))
  })

  it('a provider without hosted web search refuses a choice that asks for it', async () => {
    const factory = playgroundProviders().google
    await expect(Promise.resolve(factory?.({ kind: 'google', model: 'gemini-2.5-flash', apiKey: 'k', webSearch: true }))).rejects.toThrow(/does not support native web search/)
  })

  it('Gemini: the budget as thinkingBudget, with the thoughts shown', async () => {
    const body = await requestBodyFor({ kind: 'google', model: 'gemini-2.5-flash', thinking: { budgetTokens: 4096 } }, (fake) => fake.url)
    expect((body.generationConfig as Record<string, unknown>).thinkingConfig).toEqual({ includeThoughts: true, thinkingBudget: 4096 })
  })
})

describe('the playground’s providers take the retries from the choice', () => {
  it.each(['anthropic', 'openai', 'google'])('%s: a choice with maxRetries 0 sends a failing request once, over the worker’s own retries', async (kind) => {
    server = await startFakeLlmServer({ turns: [{ fault: { kind: 'http-error', status: 500, retryAfterSeconds: 0 } }, { text: 'never' }] })
    const factory = playgroundProviders({ maxRetries: 1 })[kind]
    const baseURL = kind === 'openai' ? server.openaiBaseURL : server.url
    const provider = await factory!({ kind, model: 'some-model', apiKey: 'test-key', baseURL, maxRetries: 0 })
    await expect(provider.chat([createUserMessage('Hello')], { model: 'some-model' })).rejects.toThrow()
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(1)
  })
})
