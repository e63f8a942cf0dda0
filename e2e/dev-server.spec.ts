import { expect, test } from '@playwright/test'
import { expectAtBottom, overflows } from './chat-scroll.ts'
import { collectPageErrors, runDemoTurn, expectSessionOpen } from './playground-fixtures.ts'
import { startViteDevServer, type TViteDevServer } from './vite-dev-server.ts'

// `npm start` is the README's first command: Vite's dev server, with the worker and every module
// served untransformed by a build. The rest of the suite runs the built playground; this spec
// keeps the dev path honest too.

const PORT = Number(process.env.ROBOTA_E2E_PORT ?? 4173) + 100
let server: TViteDevServer | undefined

test.beforeAll(async () => {
  server = await startViteDevServer('node_modules/.bin/vite', PORT)
})

test.afterAll(() => {
  server?.stop()
})

test('npm start: the dev server serves the playground, and the offline demo runs a turn in its worker', async ({ page }) => {
  test.setTimeout(120_000)
  const errors = collectPageErrors(page)
  let loads = 0
  page.on('load', () => loads++)
  await page.goto(`http://127.0.0.1:${PORT}/`)
  // The first visit waits for Vite to prepare the dependencies.
  await expectSessionOpen(page, { timeout: 60_000 })
  await expect(page.getByText('Offline demo', { exact: false }).first()).toBeVisible()
  await runDemoTurn(page)
  expect(errors).toEqual([])
  // A dependency found only once in use makes Vite reload the page under the user's hands.
  expect(server?.output()).not.toMatch(/reloading/)
  expect(loads).toBe(1)
})

test('npm start: the chat follows new output under React StrictMode', async ({ page }) => {
  test.setTimeout(120_000)
  // StrictMode mounts twice in development; the follow-the-output frame must survive it.
  await page.setViewportSize({ width: 1200, height: 560 })
  await page.goto(`http://127.0.0.1:${PORT}/`)
  await expectSessionOpen(page, { timeout: 60_000 })
  await runDemoTurn(page)
  await runDemoTurn(page, 'And once more?')
  expect(await overflows(page)).toBe(true)
  await expectAtBottom(page)
})
