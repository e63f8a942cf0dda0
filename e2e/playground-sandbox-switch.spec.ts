import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test, type Page } from '@playwright/test'
import { collectPageErrors, openPlayground, saveScreenshot } from './playground-fixtures.ts'

// E2B's API cannot be reached from here, so a local server plays E2B refusing a key (401, with
// the CORS headers a browser needs); the page's worker reaches it through the real `e2b` SDK.
let refusing: Server
let refusingUrl: string
const requests: string[] = []

test.beforeAll(async () => {
  refusing = createServer((request, response) => {
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
      'Access-Control-Allow-Headers': request.headers['access-control-request-headers'] ?? '*'
    }
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors).end()
      return
    }
    requests.push(`${request.method} ${request.url}`)
    request.resume()
    response.writeHead(401, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify({ code: 401, message: 'Invalid API key' }))
  })
  await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve))
  refusingUrl = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}`
})

test.afterAll(() => {
  refusing.close()
})

async function setE2B(page: Page, fields: { apiKey: string; apiUrl: string }): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Settings' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('E2B API key').fill(fields.apiKey)
  await dialog.getByLabel('E2B API URL (optional)').fill(fields.apiUrl)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
}

test('sandbox switch: E2B needs a key first, a refused key and an unreachable E2B say what to fix, and the session keeps working', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  await page.getByRole('tab', { name: 'Workspace' }).click()
  const sandbox = page.getByRole('group', { name: 'Sandbox' })
  await expect(sandbox).toContainText('Runs in: In-memory (this tab)')
  await expect(sandbox.getByRole('button', { name: 'Switch sandbox' })).toBeDisabled()

  // No key yet: the panel says where to enter it, and the switch waits for it.
  await sandbox.getByLabel('E2B microVM').check()
  await expect(sandbox).toContainText('Enter an E2B API key under Settings → E2B sandbox first.')
  await expect(sandbox.getByRole('button', { name: 'Switch sandbox' })).toBeDisabled()
  await sandbox.getByRole('button', { name: 'Open Settings' }).click()
  await setE2B(page, { apiKey: 'e2b_wrong_key_for_test', apiUrl: refusingUrl })

  await sandbox.getByRole('button', { name: 'Switch sandbox' }).click()
  const alert = sandbox.getByRole('alert')
  await expect(alert).toContainText('E2B refused the API key. Check the E2B API key under Settings → E2B sandbox (it starts with e2b_), then switch again.', {
    timeout: 30_000
  })
  await expect(alert.getByRole('button', { name: 'Open Settings' })).toBeVisible()
  expect(requests.length).toBeGreaterThan(0)
  await saveScreenshot(page, 'playground-sandbox-switch-error')

  // The session stays on its in-memory sandbox, files and all.
  await expect(sandbox).toContainText('Runs in: In-memory (this tab)')
  await expect(page.getByRole('navigation', { name: 'Workspace files' }).getByRole('button', { name: 'README.md' })).toBeVisible()

  // Nothing answers at the address: the error names it.
  const closed = await new Promise<string>((resolve) => {
    const probe = createServer()
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(`http://127.0.0.1:${port}`))
    })
  })
  await alert.getByRole('button', { name: 'Open Settings' }).click()
  await setE2B(page, { apiKey: 'e2b_wrong_key_for_test', apiUrl: closed })
  await sandbox.getByRole('button', { name: 'Switch sandbox' }).click()
  await expect(sandbox.getByRole('alert')).toContainText(`Could not reach E2B at ${closed}. Check the network connection (and the E2B API URL under Settings), then switch again.`, {
    timeout: 30_000
  })

  // The key was kept in memory only: "remember on this device" was never ticked.
  expect(await page.evaluate(() => localStorage.getItem('robota.playground.settings') ?? '')).not.toContain('e2b_wrong_key_for_test')
  expect(errors.filter((error) => !/Failed to load resource|ERR_CONNECTION_REFUSED|401/.test(error))).toEqual([])
})
