import { expect, test } from '@playwright/test'
import { FakeE2BCloud } from '../lib/testing/fake-e2b-sandbox.ts'
import { startFakeE2BServer, type TFakeE2BServer } from '../lib/testing/fake-e2b-server.ts'
import { InMemorySandboxClient } from '../sandbox/in-memory/in-memory-sandbox-client.ts'
import { startWorkspaceManifestServers } from '../sandbox/workspace/workspace-manifest-servers.fixtures.ts'
import type { TWorkspaceManifestServers } from '../sandbox/workspace/workspace-manifest-web.fixtures.ts'
import { buildAndServeApp, type TServedApp } from './apps/build-app.ts'
import { collectPageErrors } from './playground-fixtures.ts'

// The sandbox contract suite and the workspace-manifest suite, the same files Node runs, run in a
// worker in Chromium against E2BSandboxClient, whose real `e2b` SDK reaches a fake E2B service
// (REST lifecycle, envd over Connect) and the manifest's web and git servers on other origins, so
// every request passes CORS.
let app: TServedApp
let e2bServer: TFakeE2BServer
let manifestServers: TWorkspaceManifestServers

test.beforeAll(async () => {
  const errors = await import('e2b')
  e2bServer = await startFakeE2BServer({ cloud: new FakeE2BCloud({ errors, createShell: () => new InMemorySandboxClient({ cwd: '/home/user' }) }) })
  manifestServers = await startWorkspaceManifestServers()
  app = await buildAndServeApp('sandbox-contract', { vitest: 'browser-test-runner.ts' })
})

test.afterAll(async () => {
  await Promise.all([app.close(), e2bServer.close(), manifestServers.close()])
})

test('the sandbox contract and workspace-manifest suites, and output streaming, pass over E2B from a worker in Chromium, through the e2b SDK', async ({ page }) => {
  test.setTimeout(240_000)
  const errors = collectPageErrors(page)
  const { close: _close, ...servers } = manifestServers
  const settings = { connection: e2bServer.connection, servers }
  await page.goto(`${app.url}#${encodeURIComponent(JSON.stringify(settings))}`)
  await expect(page.getByRole('status', { name: 'Status' })).toHaveText('done', { timeout: 220_000 })
  const list = page.getByRole('list', { name: 'Contract results' })
  const results = await list.getByRole('listitem').allTextContents()
  expect(results.filter((result) => !result.startsWith('passed: '))).toEqual([])
  expect(results).toHaveLength(Number(await list.getAttribute('data-registered')))
  expect(results.length).toBeGreaterThan(50)
  expect(results).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/sandbox client contract\) > run > pipes one command into the next$/),
      expect.stringMatching(/applyWorkspaceManifest over .* > gitRepo over smart HTTP .* > checks out a tag$/),
      expect.stringMatching(/the e2b SDK in a worker > streams a command's output to onStdout and onStderr/)
    ])
  )
  // Everything went over the wire, and nothing the suites asked for was left unserved.
  const paths = new Set(e2bServer.requests.map((request) => `${request.method} ${request.path}`))
  expect([...paths]).toEqual(expect.arrayContaining(['POST /v2/sandboxes', 'POST /process.Process/Start', 'POST /files', 'GET /files']))
  expect(e2bServer.requests.filter((request) => !request.served)).toEqual([])
  expect(errors).toEqual([])
})
