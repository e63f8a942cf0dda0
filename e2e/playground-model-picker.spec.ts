import { expect, test } from '@playwright/test'
import { startFakeLlmServer, type TFakeLlmServer } from '../lib/testing/fake-llm-server.ts'
import { collectPageErrors, openPlayground } from './playground-fixtures.ts'

// The settings' model picker asks the worker to list the chosen provider's models: the worker
// builds the provider (the real SDK) with the typed key and calls the API's list-models; the page
// gets the ids, never the key back.

const KEY = 'sk-picker-key-0123456789abcdef'
let server: TFakeLlmServer

test.beforeEach(async () => {
  server = await startFakeLlmServer({ apiKey: KEY, models: ['gpt-4o-mini', 'gpt-brand-new'] })
})

test.afterEach(async () => {
  await server.close()
})

async function openOpenAISettings(page: import('@playwright/test').Page, apiKey: string) {
  const dialog = page.getByRole('dialog', { name: 'Settings' })
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  await dialog.getByLabel('Provider').selectOption({ label: 'OpenAI' })
  await dialog.getByLabel('Base URL').fill(server.openaiBaseURL)
  await dialog.getByLabel(/^API key for/).fill(apiKey)
  return dialog
}

test('Refresh models shows the API\'s own list, and the model picked from it is the one the turn asks for', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  const dialog = await openOpenAISettings(page, KEY)
  const picker = dialog.getByLabel('Model', { exact: true })
  await expect(picker.getByRole('option', { name: /gpt-brand-new/ })).toHaveCount(0)

  await dialog.getByRole('button', { name: 'Refresh models' }).click()

  await expect(dialog.getByRole('status', { name: 'Model list' })).toHaveText('2 models listed by the API.')
  // The model chosen before stays offered, marked, until another is picked.
  await expect(picker.getByRole('option')).toHaveText(['gpt-5-mini (not listed)', /GPT-4o mini \(gpt-4o-mini\) · \d+K context/, 'gpt-brand-new'])
  expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /v1/models'])
  expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`)

  await picker.selectOption('gpt-brand-new')
  await dialog.getByRole('button', { name: 'Save' }).click()
  server.enqueue({ text: 'Hello from the new model.' })
  await page.getByLabel('Prompt').fill('Hi')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByRole('region', { name: 'Conversation' }).getByLabel('Assistant').last()).toContainText('Hello from the new model.')
  expect(JSON.stringify(server.requests.at(-1)?.body)).toContain('"model":"gpt-brand-new"')
  expect(errors).toEqual([])
})

test('a refused key keeps the built-in list and says why, without the key', async ({ page }) => {
  await openPlayground(page)
  const wrongKey = 'sk-wrong-key-0123456789abcdef'
  const dialog = await openOpenAISettings(page, wrongKey)

  await dialog.getByRole('button', { name: 'Refresh models' }).click()

  const status = dialog.getByRole('status', { name: 'Model list' })
  await expect(status).toContainText(/^Could not list the models \(.+\); showing the built-in list\.$/)
  await expect(status).not.toContainText(wrongKey)
  await expect(dialog.getByLabel('Model', { exact: true }).getByRole('option', { name: /gpt-brand-new/ })).toHaveCount(0)
  await expect(dialog.getByLabel('Model', { exact: true }).getByRole('option', { name: /gpt-4o-mini/ })).toHaveCount(1)
})
