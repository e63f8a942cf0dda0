import { expect, test } from '@playwright/test'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startCorsGitServer, type TCorsGitServer } from './playground-git-server.ts'
import { collectPageErrors, openPlayground, saveScreenshot } from './playground-fixtures.ts'

let git: TCorsGitServer

test.beforeAll(async () => {
  git = await startCorsGitServer()
})

test.afterAll(async () => {
  await git.close()
})

test('workspace: file tree and viewer, uploads, and manifests (validation inline, a git clone from a local server)', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  await page.getByRole('tab', { name: 'Workspace' }).click()
  const files = page.getByRole('navigation', { name: 'Workspace files' })
  await expect(files.getByRole('button', { name: 'README.md' })).toBeVisible()
  await files.getByRole('button', { name: 'README.md' }).click()
  await expect(page.getByRole('region', { name: 'File /workspace/README.md' })).toContainText('# Tiny Calculator')

  // Upload a file from "this computer".
  await page.getByLabel('Files to upload').setInputFiles({ name: 'data.csv', mimeType: 'text/csv', buffer: Buffer.from('city,people\nOslo,709000\n') })
  await expect(page.getByRole('status').filter({ hasText: 'Uploaded data.csv' })).toBeVisible()
  await files.getByRole('button', { name: 'data.csv' }).click()
  await expect(page.getByRole('region', { name: 'File /workspace/data.csv' })).toContainText('Oslo,709000')
  // A binary upload is shown as what it is, never decoded into garbage.
  await page.getByLabel('Files to upload').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]) })
  await expect(page.getByRole('status').filter({ hasText: 'Uploaded logo.png' })).toBeVisible()
  await files.getByRole('button', { name: 'logo.png' }).click()
  await expect(page.getByRole('region', { name: 'File /workspace/logo.png' })).toContainText('Binary file, 12 bytes: not shown as text.')

  // An invalid manifest: every problem listed, each on its line, nothing written.
  const manifest = page.getByRole('region', { name: 'Workspace manifest' })
  await manifest.getByLabel('Sample').selectOption({ label: 'An invalid manifest' })
  await manifest.getByRole('button', { name: 'Apply to sandbox' }).click()
  const problems = manifest.getByRole('alert', { name: 'Manifest problems' })
  await expect(problems).toContainText('nothing was written')
  await expect(problems).toContainText('entry "../outside.txt"')
  await expect(problems).toContainText('entry "weird"')
  await expect(problems).toContainText('enviroment')
  await expect(manifest.getByLabel('Manifest JSON')).toHaveAttribute('aria-invalid', 'true')
  await problems.getByRole('button', { name: /^line \d+$/ }).first().click()
  await expect(manifest.getByLabel('Manifest JSON')).toBeFocused()
  await saveScreenshot(page, 'playground-manifest-validation')

  // Broken JSON is caught in the page, with its line.
  await manifest.getByLabel('Manifest JSON').fill('{\n  "entries": {\n    "a.txt": { "type": "file", "content": "x" },\n  }\n}')
  await manifest.getByRole('button', { name: 'Apply to sandbox' }).click()
  await expect(problems).toContainText('Not valid JSON')
  await expect(problems.getByRole('button', { name: 'line 4' })).toBeVisible()

  // A git repository cloned in the worker over smart HTTP, then shown in the tree.
  await manifest.getByLabel('Sample').selectOption({ label: 'A Git repository' })
  const text = await manifest.getByLabel('Manifest JSON').inputValue()
  await manifest.getByLabel('Manifest JSON').fill(text.replace('http://127.0.0.1:8174/sample.git', git.repositoryUrl))
  await manifest.getByRole('button', { name: 'Apply to sandbox' }).click()
  const result = manifest.getByRole('table', { name: 'Manifest result' })
  await expect(result).toContainText('applied', { timeout: 30_000 })
  await expect(result.getByRole('row')).toHaveText([/repo\s*gitRepo\s*applied/])
  await files.getByRole('button', { name: 'repo/' }).click()
  await files.getByRole('button', { name: 'version.txt' }).click()
  await expect(page.getByRole('region', { name: 'File /workspace/repo/version.txt' })).toContainText('two')
  await saveScreenshot(page, 'playground-manifest-git')

  // A mount is part of the format but reported unsupported in the browser.
  await manifest.getByLabel('Sample').selectOption({ label: 'A storage mount' })
  await manifest.getByRole('button', { name: 'Apply to sandbox' }).click()
  await expect(result.getByRole('row').filter({ hasText: 'lake' })).toContainText('unsupported')
  expect(errors).toEqual([])
})

test('workspace: a slow download is stopped from the page; nothing of it is written and the rest waits', async ({ page }) => {
  // A download that sends its headers and a first chunk, then never finishes.
  let downloadStarted: () => void = () => undefined
  const downloading = new Promise<void>((resolve) => {
    downloadStarted = resolve
  })
  const hanging = createServer((request, response) => {
    downloadStarted()
    response.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'application/octet-stream' })
    response.write('partial')
    request.on('close', () => response.destroy())
  })
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/big.bin`
  try {
    await openPlayground(page)
    await page.getByRole('tab', { name: 'Workspace' }).click()
    const manifest = page.getByRole('region', { name: 'Workspace manifest' })
    const entries = { 'first.txt': { type: 'file', content: 'first\n' }, 'big.bin': { type: 'url', url }, 'last.txt': { type: 'file', content: 'last\n' } }
    await manifest.getByLabel('Manifest JSON').fill(JSON.stringify({ entries }, null, 2))
    await manifest.getByRole('button', { name: 'Apply to sandbox' }).click()
    await expect(manifest.getByRole('status').filter({ hasText: 'Applying the manifest' })).toBeVisible()
    // Stopped while the download hangs: the file before it is written by then.
    await downloading
    await manifest.getByRole('button', { name: 'Stop hydration' }).click()

    const result = manifest.getByRole('table', { name: 'Manifest result' })
    await expect(result.getByRole('row')).toHaveText([/first\.txt\s*file\s*applied/, /big\.bin\s*url\s*failed.*aborted/, /last\.txt\s*file\s*failed.*aborted/])
    await expect(manifest.getByRole('status').filter({ hasText: 'Stopped' })).toBeVisible()
    const files = page.getByRole('navigation', { name: 'Workspace files' })
    await expect(files.getByRole('button', { name: 'first.txt' })).toBeVisible()
    await expect(files.getByRole('button', { name: 'big.bin' })).toHaveCount(0)
    await expect(files.getByRole('button', { name: 'last.txt' })).toHaveCount(0)
  } finally {
    hanging.closeAllConnections()
    await new Promise((resolve) => hanging.close(resolve))
  }
})
