import { expect, test } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { startFakeLlmServer, type TFakeLlmServer } from '../lib/testing/fake-llm-server.ts'
import { chooseProvider, collectPageErrors, openPlayground, sendPrompt } from './playground-fixtures.ts'

// A session recorded against a server whose key this browser never had is imported into a fresh
// profile: it continues with the provider the page offers now, and the header names the provider
// that will answer.

let server: TFakeLlmServer

test.beforeEach(async () => {
  server = await startFakeLlmServer({ apiKey: 'sk-test-key-0123456789abcdef' })
})

test.afterEach(async () => {
  await server.close()
})

test('an imported session continues with the provider this page uses, and the header names it', async ({ page, browser }) => {
  test.setTimeout(90_000)
  await openPlayground(page)
  await chooseProvider(page, { provider: 'OpenAI-compatible server', baseURL: server.openaiBaseURL, model: 'llama3', apiKey: 'sk-test-key-0123456789abcdef' })
  await expect(page.getByRole('button', { name: /^OpenAI-compatible server · llama3/ })).toBeVisible()
  server.enqueue({ text: ['Recorded ', 'against a compatible server.'] })
  await sendPrompt(page, 'Hello there')
  await expect(page.getByRole('region', { name: 'Conversation' }).getByLabel('Assistant').last()).toContainText('against a compatible server.')
  const replay = page.getByRole('complementary', { name: 'Replay events' })
  const downloading = page.waitForEvent('download')
  await replay.getByRole('button', { name: 'Export JSONL' }).click()
  const jsonl = readFileSync(await (await downloading).path(), 'utf8')

  const fresh = await browser.newContext()
  const other = await fresh.newPage()
  const errors = collectPageErrors(other)
  await openPlayground(other)
  const otherReplay = other.getByRole('complementary', { name: 'Replay events' })
  await otherReplay.getByLabel('Replay log file').setInputFiles({ name: 'compatible.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(jsonl) })
  await expect(other.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: /^Hello there/ })).toHaveAttribute('aria-current', 'true')
  const conversation = other.getByRole('region', { name: 'Conversation' })
  await expect(conversation.getByLabel('Assistant').last()).toContainText('against a compatible server.')
  await expect(other.getByRole('button', { name: /^Offline demo model · scripted/ })).toBeVisible()

  await sendPrompt(other, 'What is in this workspace?')
  await other.getByRole('alertdialog', { name: 'Allow Bash?' }).getByRole('button', { name: 'Allow once' }).click()
  await expect(conversation.getByLabel('Assistant').last()).toContainText('came from the offline demo model')
  await expect(conversation).not.toContainText('needs an apiKey')
  await expect(other.getByRole('button', { name: /^Offline demo model · scripted/ })).toBeVisible()
  // The imported history stays, with the new turn after it.
  await expect(conversation.getByLabel('You')).toHaveText(['Hello there', 'What is in this workspace?'])
  expect(server.requests.filter((request) => request.path.endsWith('/chat/completions'))).toHaveLength(1)
  expect(errors).toEqual([])
  await fresh.close()
})
