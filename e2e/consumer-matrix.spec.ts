import { expect, test, type Page } from '@playwright/test'
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { CONSUMER_BUILDS, VITE_ROLLUP, prepareConsumerWorkspace, type TConsumerBuild, type TConsumerWorkspace } from './consumers/consumer-workspace.mjs'
import { serveDirectory } from './consumers/static-server.ts'
import { collectPageErrors, expectSessionOpen } from './playground-fixtures.ts'
import { startViteDevServer } from './vite-dev-server.ts'

// The package as someone else's app gets it: packed as published, installed from the registry
// into a fresh folder with neither vendor SDK, and used by a small app (e2e/consumers/apps) that
// each bundler builds with the setup docs/consumers.md shows. Every browser build runs a turn in
// Chromium through the app's own worker file: its zod tool, its model, its prompt, the sandbox;
// and a turn with a provider whose SDK is not installed. A page that bundles `robota/embed` runs
// the playground's offline demo.

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
  await page.getByRole('button', { name: 'Ask OpenAI' }).click()
  await expect(page.locator('#provider-error')).toHaveText('PROVIDER_SDK_MISSING: install openai to use OpenAIProvider', { timeout: 30_000 })
  expect(errors).toEqual([])
}

/** Runs the offline demo's first prompt in the page's `<robota-playground>`: two Bash calls, the second allowed once. */
async function runTheEmbed(page: Page, url: string): Promise<void> {
  const errors = collectPageErrors(page)
  await page.goto(url)
  const element = page.locator('robota-playground')
  const promptBox = element.getByLabel('Prompt')
  await expectSessionOpen(element, { timeout: 60_000 })
  await promptBox.fill('What is in this workspace?')
  await element.getByRole('button', { name: 'Send' }).click()
  await element.getByRole('alertdialog', { name: 'Allow Bash?' }).getByRole('button', { name: 'Allow once' }).click()
  const answer = element.getByRole('region', { name: 'Conversation' }).getByLabel('Assistant').last()
  await expect(answer).toContainText('(This answer came from the offline demo model', { timeout: 30_000 })
  await expect(answer).toContainText('Its README is titled')
  await expect(element.locator('li[data-type="tool_execution_result"]')).toHaveCount(2)
  expect(errors).toEqual([])
}

/** Builds an app with one bundler; webpack and esbuild emit scripts only, so the app's own page is put beside them. */
function build(bundler: Pick<TConsumerBuild, 'program' | 'args' | 'out'>, app: string): string {
  workspace.run(bundler.program, bundler.args, { timeoutMs: 300_000 })
  const out = join(workspace.directory, bundler.out)
  if (!existsSync(join(out, 'index.html'))) copyFileSync(join(workspace.directory, 'apps', app, 'index.html'), join(out, 'index.html'))
  return out
}

test('docs/consumers.md quotes every fixture as it is', () => {
  const doc = readFileSync('docs/consumers.md', 'utf8')
  const quoted = [...doc.matchAll(/^`([^`]+)`:\n\n```\w+\n([\s\S]*?)\n```$/gm)]
  expect(quoted.map(([, path]) => path)).toEqual(
    expect.arrayContaining(['apps/web/agent.worker.js', 'apps/web/main.js', 'bundlers/vite.config.js', 'bundlers/webpack.config.js', 'bundlers/build-webpack.mjs', 'bundlers/build-esbuild.mjs', 'apps/node/main.mjs', 'apps/embed/main.js', 'apps/embed/index.html', 'bundlers/vite-embed.config.js'])
  )
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
  test(`TypeScript strict, ${resolution} resolution, library checks on: the declarations type-check without the optional peers, and the app's own declarations name what it infers`, () => {
    // tsc prints its problems and exits non-zero: the message names each file and line.
    expect(() => workspace.run('tsc', ['-p', `apps/typecheck/tsconfig.${resolution}.json`])).not.toThrow()
  })
}

for (const bundler of CONSUMER_BUILDS) {
  test(`${bundler.name}: the app builds with its stock setup, its worker runs a turn and restores it after a reload, and a provider without its SDK says what to install`, async ({ page }) => {
    test.setTimeout(300_000)
    const server = await serveDirectory(build(bundler, 'web'))
    try {
      await runTheApp(page, server.url)
    } finally {
      await server.close()
    }
  })
}

/** The Vite dev servers an app may run: Vite 8's, and Vite 7's (its dependency optimizer is esbuild's). */
const DEV_SERVERS = [
  { name: 'Vite dev server', command: (directory: string) => ({ program: join(directory, 'node_modules', '.bin', 'vite'), args: [] as string[] }) },
  { name: 'Vite 7 dev server', command: () => ({ program: process.execPath, args: [VITE_ROLLUP] }) }
]

/** Serves the workspace with one of `DEV_SERVERS` and a config of `bundlers/` on `port`, runs `use` on it, then stops it. */
async function withDevServer(devServer: (typeof DEV_SERVERS)[number], port: number, config: string, use: (url: string) => Promise<void>): Promise<void> {
  const { program, args } = devServer.command(workspace.directory)
  const server = await startViteDevServer(program, port, { cwd: workspace.directory, args: [...args, '--config', config] })
  try {
    await use(server.url)
  } finally {
    server.stop()
  }
}

const DEV_SERVER_PORT = Number(process.env.ROBOTA_E2E_PORT ?? 4173) + 200

for (const [index, devServer] of DEV_SERVERS.entries()) {
  test(`${devServer.name}: the app runs from source with no optimizeDeps setting`, async ({ page }) => {
    test.setTimeout(180_000)
    await withDevServer(devServer, DEV_SERVER_PORT + index, 'bundlers/vite.config.js', (url) => runTheApp(page, url))
  })
}

// webpack builds the element's worker the same way (it finds the same `new Worker(new URL(…))`),
// but re-minifying the embed's already minified chunks takes it over a minute: Vite stands for both.
const EMBED_BUILDS = [
  { name: 'Vite build', program: 'vite', args: ['build', '--config', 'bundlers/vite-embed.config.js', '--logLevel', 'warn'], out: 'out/vite-embed' },
  {
    name: 'Vite 7 build (Rollup)',
    program: 'node',
    args: [VITE_ROLLUP, 'build', '--config', 'bundlers/vite-embed.config.js', '--outDir', '../../out/vite-rollup-embed', '--logLevel', 'warn'],
    out: 'out/vite-rollup-embed'
  }
]

for (const bundler of EMBED_BUILDS) {
  test(`${bundler.name}: a page that bundles robota/embed gets the element's worker with its lazy chunks, and the offline demo's Bash calls run`, async ({ page }) => {
    test.setTimeout(300_000)
    const server = await serveDirectory(build(bundler, 'embed'))
    try {
      await runTheEmbed(page, server.url)
      // Every file the worker asked for was there: its entry and the chunks it loads on demand (the shell among them).
      expect(server.requests.filter((request) => request.status !== 200)).toEqual([])
      expect(new Set(server.requests.filter((request) => request.path.endsWith('.js')).map((request) => request.path)).size).toBeGreaterThan(2)
    } finally {
      await server.close()
    }
  })
}

for (const [index, devServer] of DEV_SERVERS.entries()) {
  test(`${devServer.name}: a page that bundles robota/embed runs the offline demo's Bash calls`, async ({ page }) => {
    test.setTimeout(180_000)
    await withDevServer(devServer, DEV_SERVER_PORT + 10 + index, 'bundlers/vite-embed.config.js', (url) => runTheEmbed(page, url))
  })
}

test('a worker that cannot load: the page is told which file failed, not only that the worker never started', async ({ page }) => {
  test.setTimeout(180_000)
  const esbuild = CONSUMER_BUILDS.find((bundler) => bundler.name === 'esbuild')
  if (!esbuild) throw new Error('no esbuild build in CONSUMER_BUILDS')
  const out = build(esbuild, 'web')
  // A deploy that lost a chunk only the worker imports: its first line imports a file that is not there.
  const worker = join(out, 'agent.worker.js')
  writeFileSync(worker, `import"./chunk-LOST.js";${readFileSync(worker, 'utf8')}`)
  const server = await serveDirectory(out)
  try {
    // Bounded, so a stalled load names its step rather than spending the whole test's time.
    await page.goto(server.url, { timeout: 30_000 })
    const status = page.locator('#status')
    await expect(status).toHaveText(
      `failed: The agent worker never started (6 tries): The agent worker failed: ${server.url}agent.worker.js imports ${server.url}chunk-LOST.js, which could not be loaded: HTTP 404`,
      { timeout: 60_000 }
    )
    // And a deploy without the worker's script at all.
    rmSync(worker)
    await page.reload({ timeout: 30_000 })
    await expect(status).toHaveText(`failed: The agent worker never started (6 tries): The agent worker failed: its script ${server.url}agent.worker.js could not be loaded: HTTP 404`, { timeout: 60_000 })
  } finally {
    await server.close()
  }
})
