import { expect, test } from '@playwright/test'
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
