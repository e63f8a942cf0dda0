import { expect, test } from '@playwright/test'
import { startFakeLlmServer, type TFakeLlmServer } from '../lib/testing/fake-llm-server.ts'
import { expectAtBottom } from './chat-scroll.ts'
import { chooseProvider, collectPageErrors, openPlayground, saveScreenshot, sendPrompt } from './playground-fixtures.ts'

const MULTIPLY = 'export function multiply(a: number, b: number): number {\n  return a * b\n}'
const SAFE_MULTIPLY = 'export function multiply(a: number, b: number): number {\n  if (!Number.isFinite(a) || !Number.isFinite(b)) throw new RangeError(\'multiply() takes finite numbers\')\n  return a * b\n}'

let server: TFakeLlmServer

test.beforeEach(async () => {
  server = await startFakeLlmServer({ apiKey: 'sk-right-key' })
})

test.afterEach(async () => {
  await server.close()
})

test('an OpenAI-compatible server: a wrong key explained with its fix, then an Edit with its diff, asked for and shown', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  await chooseProvider(page, { provider: 'OpenAI-compatible server', baseURL: server.openaiBaseURL, model: 'gpt-4o-mini', apiKey: 'sk-wrong-key' }, 'playground-settings')
  await expect(page.getByRole('button', { name: /^OpenAI-compatible server · gpt-4o-mini/ })).toBeVisible()

  await sendPrompt(page, 'Make multiply refuse infinities')
  const failure = page.getByRole('alert').filter({ hasText: 'The provider refused the API key.' })
  await expect(failure).toContainText('Fix: Open Settings and paste a valid key')
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()
  await saveScreenshot(page, 'playground-error-wrong-key')

  server.enqueue(
    { text: ['I will guard ', 'multiply.'], toolCalls: [{ id: 'call_edit', name: 'Edit', arguments: { filePath: 'src/calculator.ts', oldString: MULTIPLY, newString: SAFE_MULTIPLY } }] },
    { text: 'Done: `multiply` now throws a **RangeError** for non-finite input.', usage: { inputTokens: 1800, outputTokens: 40 } }
  )
  await failure.getByRole('button', { name: 'Open Settings' }).click()
  await chooseProvider(page, { provider: 'OpenAI-compatible server', baseURL: server.openaiBaseURL, model: 'gpt-4o-mini', apiKey: 'sk-right-key' })
  await sendPrompt(page, 'Try again, please')

  // Edit asks first, and the prompt shows the change it would make.
  const permission = page.getByRole('alertdialog', { name: 'Allow Edit?' })
  await expect(permission.getByRole('figure', { name: 'Diff of src/calculator.ts' })).toContainText('RangeError')
  await saveScreenshot(page, 'playground-edit-permission')
  await permission.getByRole('button', { name: 'Allow once' }).click()

  const conversation = page.getByRole('region', { name: 'Conversation' })
  await expect(conversation.getByLabel('Assistant').last()).toContainText('now throws a RangeError')
  await expect(conversation.getByLabel('Assistant').last().locator('strong')).toHaveText('RangeError')
  const diff = conversation.getByRole('region', { name: 'Tool call Edit' }).getByRole('figure', { name: 'Diff of src/calculator.ts' })
  await expect(diff.locator('.diff-line.added')).toContainText('RangeError')
  await expect(diff.locator('.diff-line.added').first().locator('.diff-number').nth(1)).toHaveText('6')
  await expect(page.locator('.context-numbers')).toHaveText('1.8K / 128K')
  // The diff's hidden "added:" labels stay inside the chat's scroll box: the page itself never scrolls.
  expect(await page.evaluate(() => document.documentElement.scrollHeight - innerHeight)).toBeLessThanOrEqual(0)
  await saveScreenshot(page, 'playground-file-diff')

  // The file really changed in the sandbox.
  await page.getByRole('tab', { name: 'Workspace' }).click()
  await page.getByRole('navigation', { name: 'Workspace files' }).getByRole('button', { name: 'src/' }).click()
  await page.getByRole('button', { name: 'calculator.ts' }).click()
  await expect(page.getByRole('region', { name: 'File /workspace/src/calculator.ts' })).toContainText('multiply() takes finite numbers')

  // The key went to the server as a bearer token, and stayed out of localStorage.
  expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer sk-right-key')
  const saved = await page.evaluate(() => localStorage.getItem('robota.playground.settings') ?? '')
  expect(saved).toContain('openai-compatible')
  expect(saved).not.toContain('sk-right-key')
  expect(errors.filter((error) => !/401|Unauthorized/i.test(error))).toEqual([])
})

test('a rate limit says how long to wait, and an unreachable server points at CORS and the base URL', async ({ page }) => {
  await openPlayground(page)
  server.enqueue(...[0, 1, 2].map(() => ({ fault: { kind: 'http-error' as const, status: 429, retryAfterSeconds: 1 } })))
  await chooseProvider(page, { provider: 'OpenAI-compatible server', baseURL: server.openaiBaseURL, model: 'gpt-4o-mini', apiKey: 'sk-right-key' })
  await sendPrompt(page, 'Hello')
  await expect(page.getByRole('alert').filter({ hasText: 'The provider’s rate limit was hit.' })).toContainText('Fix: Wait 1 second, then send again.')

  await chooseProvider(page, { provider: 'OpenAI-compatible server', baseURL: 'http://127.0.0.1:9/v1', model: 'gpt-4o-mini' })
  await sendPrompt(page, 'Hello again')
  const unreachable = page.getByRole('alert').filter({ hasText: 'The model server could not be reached from this page.' })
  await expect(unreachable).toContainText('Access-Control-Allow-Origin', { timeout: 30_000 })
})

test('a key kept on this device when asked, and the E2B fields beside the provider keys', async ({ page }) => {
  await openPlayground(page)
  await chooseProvider(page, { provider: 'Anthropic', model: 'claude-haiku-4-5', apiKey: 'sk-ant-remembered', remember: true })
  expect(await page.evaluate(() => localStorage.getItem('robota.playground.settings'))).toContain('sk-ant-remembered')
  await page.reload()
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Settings' })
  await expect(dialog.getByLabel('API key for Anthropic')).toHaveValue('sk-ant-remembered')
  await expect(dialog.getByText(/stored unencrypted in this browser’s localStorage/)).toBeVisible()
  await expect(dialog.getByLabel('E2B API key')).toBeEditable()
  await expect(dialog.getByLabel('E2B template')).toBeEditable()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
})

test('a failure notice goes once another provider is chosen: a key forgotten on reload, then the offline demo', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  await chooseProvider(page, { provider: 'Anthropic', baseURL: server.url, model: 'claude-haiku-4-5', apiKey: 'sk-right-key' })
  // A first answer from Anthropic: the session's switch to it is stored before the reload.
  server.enqueue({ text: 'Hello from Anthropic.' })
  await sendPrompt(page, 'Hello')
  await expect(page.getByRole('region', { name: 'Conversation' }).getByLabel('Assistant').last()).toContainText('Hello from Anthropic.')
  // Keys are kept in memory only: the reload forgets it.
  await page.reload()
  await sendPrompt(page, 'Hello again')
  const notice = page.getByRole('alert').filter({ hasText: 'The API key for Anthropic is missing.' })
  await expect(notice).toBeVisible()
  await chooseProvider(page, { provider: 'Offline demo (scripted)' })
  await expect(notice).toHaveCount(0)
  expect(errors).toEqual([])
})

test('a failure notice that appears below a long answer leaves its end in view', async ({ page }) => {
  const errors = collectPageErrors(page)
  // A short window, so one answer holds more than the conversation shows.
  await page.setViewportSize({ width: 1200, height: 560 })
  await openPlayground(page)
  await chooseProvider(page, { provider: 'Anthropic', baseURL: server.url, model: 'claude-haiku-4-5', apiKey: 'sk-right-key' })
  const lines = Array.from({ length: 40 }, (_, index) => `Line ${index + 1} of the answer.`)
  server.enqueue({ text: lines.join('\n\n') })
  await sendPrompt(page, 'Write forty lines')
  const conversation = page.getByRole('region', { name: 'Conversation' })
  await expect(conversation.getByLabel('Assistant').last()).toContainText('Line 40 of the answer.')
  // Keys are kept in memory only: after a reload the next prompt fails before it reaches the model.
  await page.reload()
  await expect(conversation.getByLabel('Assistant').last()).toContainText('Line 40 of the answer.')
  await sendPrompt(page, 'And forty more')
  await expect(page.getByRole('alert').filter({ hasText: 'The API key for Anthropic is missing.' })).toBeVisible()
  await expectAtBottom(page)
  expect(errors).toEqual([])
})
