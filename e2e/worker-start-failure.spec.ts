import { expect, test } from '@playwright/test'
import { buildAndServeApp, type TServedApp } from './apps/build-app.ts'

// A worker whose options the host refuses: the page hears that error, with its class and code,
// from the first worker, and starts no other.

let app: TServedApp

test.beforeAll(async () => {
  app = await buildAndServeApp('worker-start-failure')
})

test.afterAll(async () => {
  await app.close()
})

test('a worker whose host cannot be built fails the first call with its error, not with restarts', async ({ page }) => {
  // The calls' rejection is the report: the worker's error event is not a second, uncaught one on the page.
  const uncaught: string[] = []
  page.on('pageerror', (error) => uncaught.push(error.message))
  await page.goto(app.url)
  const status = page.getByRole('status', { name: 'Status' })
  await expect(status).toContainText('ConfigurationError CONFIGURATION_ERROR after 1 worker(s): The agent worker could not start: ')
  await expect(status).toContainText('exposeAgentHost(options): unknown option "systemMessage"')
  // No other worker is started for the same error: the first answers, with it, every later call.
  await page.waitForTimeout(1_500)
  expect(page.workers()).toHaveLength(1)
  const again = await page.evaluate(() => (window as unknown as { robotaClient: { listSessions(): Promise<unknown> } }).robotaClient.listSessions().catch((error: Error & { code?: string }) => `${error.code}: ${error.message}`))
  expect(again).toMatch(/^CONFIGURATION_ERROR: The agent worker could not start: .*"systemMessage"/)
  expect(uncaught).toEqual([])
})

test('a worker whose own code throws before it exposes the host fails the first call with that error, not with restarts', async ({ page }) => {
  await page.goto(`${app.url}?worker=throwing`)
  const status = page.getByRole('status', { name: 'Status' })
  await expect(status).toContainText('ConfigurationError CONFIGURATION_ERROR after 1 worker(s): The agent worker could not start: ')
  await expect(status).toContainText('Tool name "get weather" must be')
  await page.waitForTimeout(1_500)
  expect(page.workers()).toHaveLength(0)
  const again = await page.evaluate(() => (window as unknown as { robotaClient: { listSessions(): Promise<unknown> } }).robotaClient.listSessions().catch((error: Error & { code?: string }) => `${error.code}: ${error.message}`))
  expect(again).toMatch(/^CONFIGURATION_ERROR: The agent worker could not start: .*"get weather"/)
})
