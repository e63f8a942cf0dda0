import { expect, test } from '@playwright/test'
import { AGENT_HOST_CONTRACT } from '../lib/host/agent-host.contract.ts'
import { buildAndServeApp, type TServedApp } from './apps/build-app.ts'
import { collectPageErrors } from './playground-fixtures.ts'

let app: TServedApp

test.beforeAll(async () => {
  app = await buildAndServeApp('host-contract')
})

test.afterAll(async () => {
  await app.close()
})

test('the agent host contract holds for the page client over a real worker (IndexedDB, just-bash, comlink)', async ({ page }) => {
  const errors = collectPageErrors(page)
  await page.goto(app.url)
  await expect(page.getByRole('status', { name: 'Status' })).toHaveText('done', { timeout: 30_000 })
  const results = await page.getByRole('list', { name: 'Contract results' }).getByRole('listitem').allTextContents()
  expect(results).toEqual(AGENT_HOST_CONTRACT.map((contractCase) => `passed: ${contractCase.name}`))
  expect(errors).toEqual([])
})
