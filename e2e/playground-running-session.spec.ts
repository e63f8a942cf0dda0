import { expect, test } from '@playwright/test'
import { startFakeLlmServer, type TFakeLlmServer } from '../lib/testing/fake-llm-server.ts'
import { chooseProvider, collectPageErrors, openPlayground, sendPrompt } from './playground-fixtures.ts'

// A model's answer streams in slowly, through the Anthropic SDK in the worker, from a local server
// that speaks its wire format; the person looks at another session meanwhile and comes back.
const API_KEY = 'sk-test-key-0123456789abcdef'
const WORDS = Array.from({ length: 24 }, (_, index) => `word${String(index + 1).padStart(2, '0')} `)
let server: TFakeLlmServer

test.beforeEach(async () => {
  server = await startFakeLlmServer({ apiKey: API_KEY, eventDelayMs: 150 })
})

test.afterEach(async () => {
  await server.close()
})

test('a session left while its answer streams shows the answer from its first word when opened again', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  await chooseProvider(page, { provider: 'Anthropic', baseURL: server.url, model: 'claude-haiku-4-5', apiKey: API_KEY })
  server.enqueue({ text: WORDS })
  await sendPrompt(page, 'Count slowly')
  const streaming = page.getByRole('region', { name: 'Conversation' }).getByLabel('Assistant (streaming)')
  await expect(streaming).toContainText('word03')

  const sessions = page.getByRole('navigation', { name: 'Sessions' })
  await sessions.getByRole('button', { name: 'New session', exact: true }).click()
  await expect(sessions.getByRole('button', { name: /^New session ?0 messages/ })).toHaveAttribute('aria-current', 'true')
  await expect(streaming).toHaveCount(0)
  await sessions.getByRole('button', { name: /^Count slowly/ }).click()

  // Back while the answer still streams: every word so far, from the first, none left out.
  await expect(streaming).toContainText('word08')
  const shown = ((await streaming.textContent()) ?? '').match(/word\d\d/g) ?? []
  expect(shown.length).toBeLessThan(WORDS.length)
  expect(shown).toEqual(WORDS.slice(0, shown.length).map((word) => word.trim()))

  await expect(page.getByRole('region', { name: 'Conversation' }).getByLabel('Assistant').last()).toHaveText(WORDS.join('').trim())
  expect(errors).toEqual([])
})
