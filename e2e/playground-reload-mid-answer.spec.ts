import { expect, test } from '@playwright/test'
import { startFakeLlmServer, type TFakeLlmServer } from '../lib/testing/fake-llm-server.ts'
import { chooseProvider, expectSessionOpen, openPlayground, sendPrompt } from './playground-fixtures.ts'

// A page closed or reloaded while an answer streams takes its worker with it. What the answer had
// streamed is written now and then while it streams, so the reopened session closes the turn with
// that text, marked interrupted, instead of an empty answer.

const KEY = 'sk-ant-reload-suite-0123456789'
const PIECES = Array.from({ length: 60 }, (_, index) => `Piece ${index + 1}. `)

let server: TFakeLlmServer

test.beforeAll(async () => {
  // 60 pieces at 100 ms each: six seconds of streaming, cut short by the reload.
  server = await startFakeLlmServer({ apiKey: KEY, eventDelayMs: 100 })
})

test.afterAll(async () => {
  await server.close()
})

test('a reload mid-answer keeps the text streamed up to the last write before it, marked interrupted', async ({ page }) => {
  await openPlayground(page)
  await chooseProvider(page, { provider: 'Anthropic', baseURL: server.url, model: 'claude-haiku-4-5', apiKey: KEY })
  server.enqueue({ text: PIECES })
  await sendPrompt(page, 'Tell me a long story')
  const conversation = page.getByRole('region', { name: 'Conversation' })
  // Past two seconds of streaming: at least one write of the text so far has landed.
  await expect(conversation.getByLabel('Assistant').last()).toContainText('Piece 25.', { timeout: 20_000 })

  await page.reload()
  await expectSessionOpen(page, { timeout: 20_000 })
  const answer = conversation.getByLabel('Assistant').last()
  await expect(answer).toContainText('Piece 1. Piece 2. Piece 3.')
  await expect(answer).toContainText('Interrupted')
  await expect(answer).not.toContainText('Piece 60.')
  await expect(conversation.getByLabel('You')).toHaveText(['Tell me a long story'])
})
