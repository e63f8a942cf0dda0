import { expect, test } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import { expectAtBottom, overflows } from './chat-scroll.ts'
import { collectPageErrors, runDemoTurn } from './playground-fixtures.ts'

// `npm start` is the README's first command: Vite's dev server, with the worker and every module
// served untransformed by a build. The rest of the suite runs the built playground; this spec
// keeps the dev path honest too.

const PORT = Number(process.env.ROBOTA_E2E_PORT ?? 4173) + 100
let server: ChildProcess | undefined
let serverOutput = ''

test.beforeAll(async () => {
  // Without colour, so the address it prints can be read: the test runner sets FORCE_COLOR.
  const { FORCE_COLOR: _forceColor, ...env } = process.env
  server = spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env, NO_COLOR: '1' }
  })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The dev server did not start within 30 s:\n${serverOutput}`)), 30_000)
    const listen = (chunk: Buffer) => {
      serverOutput += chunk.toString()
      if (serverOutput.includes(`127.0.0.1:${PORT}`)) {
        clearTimeout(timer)
        resolve()
      }
    }
    server?.stdout?.on('data', listen)
    server?.stderr?.on('data', listen)
    server?.on('exit', (code) => reject(new Error(`The dev server exited with ${code}:\n${serverOutput}`)))
  })
})

test.afterAll(() => {
  server?.kill()
})

test('npm start: the dev server serves the playground, and the offline demo runs a turn in its worker', async ({ page }) => {
  test.setTimeout(120_000)
  const errors = collectPageErrors(page)
  let loads = 0
  page.on('load', () => loads++)
  await page.goto(`http://127.0.0.1:${PORT}/`)
  // The first visit waits for Vite to prepare the dependencies.
  await expect(page.getByLabel('Prompt')).toBeEnabled({ timeout: 60_000 })
  await expect(page.getByText('Offline demo', { exact: false }).first()).toBeVisible()
  await runDemoTurn(page)
  expect(errors).toEqual([])
  // A dependency found only once in use makes Vite reload the page under the user's hands.
  expect(serverOutput).not.toMatch(/reloading/)
  expect(loads).toBe(1)
})

test('npm start: the chat follows new output under React StrictMode', async ({ page }) => {
  test.setTimeout(120_000)
  // StrictMode mounts twice in development; the follow-the-output frame must survive it.
  await page.setViewportSize({ width: 1200, height: 560 })
  await page.goto(`http://127.0.0.1:${PORT}/`)
  await expect(page.getByLabel('Prompt')).toBeEnabled({ timeout: 60_000 })
  await runDemoTurn(page)
  await runDemoTurn(page, 'And once more?')
  expect(await overflows(page)).toBe(true)
  await expectAtBottom(page)
})
