import { expect, test } from '@playwright/test'
import { startFakeLlmServer, type TFakeLlmServer } from '../lib/testing/fake-llm-server.ts'
import { chooseProvider, collectPageErrors, openPlayground, sendPrompt } from './playground-fixtures.ts'

// The settings' thinking budget, prompt caching and web search reach the real Anthropic SDK in
// the worker; the provider's own web search comes back as a card, and the turn's cache and
// reasoning tokens are shown under the answer.
let server: TFakeLlmServer
const KEY = 'sk-test-key-0123456789abcdef'

test.beforeEach(async () => {
  server = await startFakeLlmServer({ apiKey: KEY })
})

test.afterEach(async () => {
  await server.close()
})

test('Anthropic: thinking, prompt caching and web search from the settings; the search as a card, the turn’s tokens under the answer', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Settings' })
  await dialog.getByLabel('Provider').selectOption({ label: 'Anthropic' })
  await dialog.getByLabel('Thinking budget in tokens (0 for none)').fill('2048')
  await dialog.getByLabel('Cache the instructions and tools between calls').check()
  await dialog.getByLabel('Let the model search the web (hosted search)').check()
  await chooseProvider(page, { provider: 'Anthropic', baseURL: server.url, model: 'claude-haiku-4-5', apiKey: KEY })

  server.enqueue({
    reasoning: 'The user wants to know what Robota is.',
    webSearches: [{ query: 'robota sdk', results: [{ title: 'Robota home', url: 'https://example.com/robota' }] }],
    text: ['Robota is ', 'an agent SDK.'],
    usage: { inputTokens: 100, outputTokens: 20, cacheReadTokens: 900, cacheWriteTokens: 50, reasoningTokens: 7 }
  })
  await sendPrompt(page, 'What is Robota?')

  const conversation = page.getByRole('region', { name: 'Conversation' })
  const card = conversation.getByRole('region', { name: 'Web search by the provider' })
  await expect(card).toContainText('robota sdk')
  await expect(card.getByRole('link', { name: 'Robota home' })).toHaveAttribute('href', 'https://example.com/robota')
  await expect(conversation.getByLabel('Assistant').last()).toContainText('Robota is an agent SDK.')
  await expect(conversation.getByLabel('Tokens this turn')).toHaveText('100 in · 20 out · 900 cache read · 50 cache write · 7 reasoning')

  const body = server.requests.find((request) => request.path === '/v1/messages')?.body as Record<string, unknown>
  expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 2048 })
  expect(body.tools).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'web_search_20250305', name: 'web_search' })]))
  expect(JSON.stringify(body.system)).toContain('"cache_control":{"type":"ephemeral"}')
  expect(errors).toEqual([])
})
