import { expect, test, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CONSUMER_BUILDS, prepareConsumerWorkspace, type TConsumerWorkspace } from './consumers/consumer-workspace.mjs'
import { serveDirectory } from './consumers/static-server.ts'
import { collectPageErrors } from './playground-fixtures.ts'
import { startViteDevServer } from './vite-dev-server.ts'

// The package as someone else's app gets it: packed as published, installed from the registry
// into a fresh folder with neither vendor SDK, and used by a small app (e2e/consumers/apps) that
// each bundler builds with the setup docs/consumers.md shows. Every browser build runs a turn in
// Chromium through the app's own worker file: its zod tool, its model, its prompt, the sandbox.

test.describe.configure({ mode: 'serial' })

let workspace: TConsumerWorkspace

test.beforeAll(async () => {
  test.setTimeout(600_000)
  workspace = prepareConsumerWorkspace()
})

test.afterAll(() => {
  workspace?.remove()
})

const ANSWER = 'The sum is 5, says the consumer app calculator.'

/** Runs the app's turn, then reloads and expects the stored session back. */
async function runTheApp(page: Page, url: string): Promise<void> {
  const errors = collectPageErrors(page)
  await page.goto(url)
  await expect(page.locator('#status')).toHaveText('ready', { timeout: 60_000 })
  await page.getByRole('button', { name: 'Add' }).click()
  await expect(page.locator('#answer')).toHaveText(ANSWER, { timeout: 30_000 })
  await expect(page.locator('#events')).toContainText('tool_execution_result')
  await page.reload()
  await expect(page.locator('#status')).toHaveText('ready', { timeout: 30_000 })
  await expect(page.locator('#restored')).toHaveText('user assistant tool assistant tool assistant')
  expect(errors).toEqual([])
}

test('docs/consumers.md quotes every fixture as it is', () => {
  const doc = readFileSync('docs/consumers.md', 'utf8')
  const quoted = [...doc.matchAll(/^`([^`]+)`:\n\n```\w+\n([\s\S]*?)\n```$/gm)]
  expect(quoted.map(([, path]) => path)).toEqual(expect.arrayContaining(['apps/web/agent.worker.js', 'apps/web/main.js', 'bundlers/vite.config.js', 'bundlers/webpack.config.js', 'bundlers/build-esbuild.mjs', 'apps/node/main.mjs']))
  for (const [, path, text] of quoted) expect(text, path).toBe(readFileSync(join('e2e/consumers', path ?? ''), 'utf8').trimEnd())
})

test('plain Node ESM: a turn with the app’s zod tool in the in-memory sandbox; a provider whose SDK is missing says what to install', () => {
  const output = JSON.parse(workspace.run('node', ['apps/node/main.mjs']))
  expect(output).toEqual({
    response: ANSWER,
    toolsExecuted: ['Bash', 'add'],
    missingSdk: { code: 'PROVIDER_SDK_MISSING', message: 'install openai to use OpenAIProvider' }
  })
})

for (const resolution of ['bundler', 'nodenext']) {
  test(`TypeScript strict, ${resolution} resolution, library checks on: the declarations type-check without the optional peers`, () => {
    // tsc prints its problems and exits non-zero: the message names each file and line.
    expect(() => workspace.run('tsc', ['-p', `apps/typecheck/tsconfig.${resolution}.json`])).not.toThrow()
  })
}

for (const bundler of CONSUMER_BUILDS) {
  test(`${bundler.name}: the app builds with its stock setup, and its worker runs a turn and restores it after a reload`, async ({ page }) => {
    test.setTimeout(300_000)
    workspace.run(bundler.program, bundler.args, { timeoutMs: 300_000 })
    const out = join(workspace.directory, bundler.out)
    // webpack and esbuild emit scripts only; the page is the app's own.
    workspace.run('node', ['-e', `const fs = require('node:fs'); if (!fs.existsSync('${bundler.out}/index.html')) fs.copyFileSync('apps/web/index.html', '${bundler.out}/index.html')`])
    const server = await serveDirectory(out)
    try {
      await runTheApp(page, server.url)
    } finally {
      await server.close()
    }
  })
}

test('Vite dev server: the app runs from source with no optimizeDeps setting', async ({ page }) => {
  test.setTimeout(180_000)
  const port = Number(process.env.ROBOTA_E2E_PORT ?? 4173) + 200
  const server = await startViteDevServer(join(workspace.directory, 'node_modules', '.bin', 'vite'), port, { cwd: workspace.directory, args: ['--config', 'bundlers/vite.config.js'] })
  try {
    await runTheApp(page, server.url)
  } finally {
    server.stop()
  }
})
