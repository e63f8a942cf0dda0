import { expect, test } from '@playwright/test'
import { buildAndServeApp, type TServedApp } from './apps/build-app.ts'
import { collectPageErrors } from './playground-fixtures.ts'

let app: TServedApp

test.beforeAll(async () => {
  app = await buildAndServeApp('zod-tool-app')
})

test.afterAll(async () => {
  await app.close()
})

test("an app outside the playground programs its own worker: its zod tool and system prompt run a turn", async ({ page }) => {
  const errors = collectPageErrors(page)
  await page.goto(app.url)
  await expect(page.getByRole('status', { name: 'Status' })).toHaveText('done')
  await expect(page.getByLabel('Tool result')).toHaveText(/^add: .*"sum":5/)
  await expect(page.getByLabel('Answer')).toHaveText('The sum is 5.')
  await expect(page.getByLabel('System prompt')).toContainText('You are the calculator of Acme Books.')
  // The app's own database, not the playground's.
  const databases = await page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name))
  expect(databases).toContain('zod-tool-app')
  expect(databases).not.toContain('robota')
  expect(errors).toEqual([])
})
