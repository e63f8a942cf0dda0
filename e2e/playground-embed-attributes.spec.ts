import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { LocalAgentHost } from '../lib/host/local-agent-host.ts'
import { MemorySessionStore } from '../lib/storage/memory-session-store.ts'
import { ScriptedProvider } from '../lib/testing/scripted-provider.ts'
import { startFakeLlmServer, type TFakeLlmServer } from '../lib/testing/fake-llm-server.ts'
import { InMemorySandboxClient } from '../sandbox/in-memory/in-memory-sandbox-client.ts'
import { createProviderProxy, toNodeListener } from '../server/index.ts'
import { docsPage, serveEmbedDocsSite, type TEmbedDocsSite } from './embed-docs-server.ts'

// A documentation site serving the built embed under a strict policy, pages that use each
// attribute, a run recorded in Node with the SDK (exported as the hash-chained JSONL), and the
// app's provider proxy in front of a fake Anthropic API that accepts only the server's key.
const SERVER_KEY = 'sk-ant-docs-server-0123456789abcdef'
let site: TEmbedDocsSite
let fake: TFakeLlmServer
let recorded: string

async function recordRun(): Promise<string> {
  // Deltas spaced out as a real model's are: the recording carries its pace in the events' `ts`.
  const provider = new ScriptedProvider(
    [{ text: ['Let me ', 'read ', 'the README.'], toolCalls: [{ name: 'Bash', arguments: { command: 'cat README.md' } }] }, { text: ['The README ', 'is titled ', '"Recorded docs".'] }],
    { name: 'scripted', deltaDelayMs: 400 }
  )
  const host = new LocalAgentHost({
    store: new MemorySessionStore(),
    createSandbox: () => new InMemorySandboxClient({ files: { 'README.md': '# Recorded docs\n' } }),
    createProvider: () => provider,
    defaultProvider: { kind: 'scripted', model: 'scripted-model' },
    eventIntervalMs: 1,
    permissionMode: 'bypassPermissions'
  })
  const session = await host.createSession({ name: 'A recorded tour' })
  await host.submit(session.id, 'What is the README called?')
  return host.exportReplay(session.id)
}

test.beforeAll(async () => {
  recorded = await recordRun()
  fake = await startFakeLlmServer({ apiKey: SERVER_KEY })
  const proxy = createProviderProxy({ anthropic: { apiKey: SERVER_KEY, baseURL: fake.url }, allowedModels: ['claude-haiku-4-5'], authorize: () => 'docs-reader' })
  site = await serveEmbedDocsSite(
    {
      'run.jsonl': recorded,
      'tampered.jsonl': recorded.replace('Recorded docs', 'Rewritten docs'),
      'replay.html': docsPage('replay="./run.jsonl" panels="chat replay"'),
      'tampered.html': docsPage('replay="./tampered.jsonl"'),
      'missing.html': docsPage('replay="./nowhere.jsonl" theme="purple"'),
      'autorun.html': docsPage('prompt="What is in this workspace?" autorun theme="dark" height="480px" panels="chat workspace"'),
      'below-the-fold.html': docsPage('prompt="What is in this workspace?" autorun panels="chat"', '<p>What the reader came to read.</p>'.repeat(150)),
      'tour-one.html': docsPage('prompt="Find the TODOs" autorun panels="sessions chat"'),
      'tour-two.html': docsPage('prompt="Create notes.txt with a haiku" panels="sessions chat"'),
      'prefill.html': docsPage('prompt="Find the TODOs" theme="light" panels="chat"'),
      'bare-slash.html': docsPage('prompt="/" autorun panels="chat"'),
      'proxy.html': docsPage('proxy="/api/llm" provider="anthropic" prompt="Say hello through the proxy" autorun panels="chat"')
    },
    { '/api/llm/': toNodeListener(proxy) }
  )
})

test.afterAll(async () => {
  await site?.close()
  await fake?.close()
})

function watchProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('worker', (worker) => worker.on('console', (message) => message.type() === 'error' && problems.push(`worker: ${message.text()}`)))
  return problems
}

async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)
}

test('replay="./run.jsonl" plays a verified recording at its pace, skips to its end, and the reader continues it offline', async ({ page }) => {
  const problems = watchProblems(page)
  await page.goto(`${site.url}replay.html`)
  const element = page.locator('robota-playground')
  const conversation = element.getByRole('region', { name: 'Conversation' })
  const playback = element.getByRole('status', { name: 'Replay playback' })
  await expect(playback).toContainText('Playing back run.jsonl at its recorded pace: hash chain verified, no model called.')
  await expect(conversation.getByLabel('You')).toContainText('What is the README called?')
  // The model's first words came about a second after the prompt: they are not on screen at once.
  await expect(conversation).not.toContainText('Let me read the README.')
  // The replay panel has come as far as the conversation: no tool has run yet.
  await expect(element.locator('li[data-type="history_mutation"]')).toHaveCount(1)
  await expect(element.getByLabel('Prompt')).toBeDisabled()
  await expect(conversation).toContainText('Let me read the README.', { timeout: 5000 })
  await expect(conversation).not.toContainText('"Recorded docs"')
  await playback.getByRole('button', { name: 'Skip to end' }).click()
  await expect(conversation).toContainText('The README is titled "Recorded docs".')
  await expect(element.locator('li[data-type="tool_execution_result"]')).toHaveCount(1)
  await expect(playback).toContainText('Played back run.jsonl (hash chain verified). Continue it below')

  // Only the panels asked for: no session list, the replay tab alone.
  await expect(element.getByRole('navigation', { name: 'Sessions' })).toHaveCount(0)
  await expect(element.getByRole('tab')).toHaveText(['Replay'])
  await element.getByRole('button', { name: 'Verify' }).click()
  await expect(element.getByRole('status', { name: 'Replay log status' })).toContainText('Hash chain intact')
  expect(await seriousAxeViolations(page)).toEqual([])

  // Now an ordinary session: the offline demo answers the reader's next prompt.
  const promptBox = element.getByLabel('Prompt')
  await expect(promptBox).toBeEnabled()
  await promptBox.fill('What is in this workspace?')
  await element.getByRole('button', { name: 'Send' }).click()
  await element.getByRole('alertdialog', { name: 'Allow Bash?' }).getByRole('button', { name: 'Allow once' }).click()
  await expect(conversation.getByLabel('You')).toHaveCount(2)
  await expect(conversation.getByLabel('Assistant').last()).toContainText('README', { timeout: 15_000 })
  await expect(element.getByRole('alert')).toHaveCount(0)

  // Back on the page: the same session plays again, with what the reader added, not a refused second import.
  await page.reload()
  await element.getByRole('status', { name: 'Replay playback' }).getByRole('button', { name: 'Skip to end' }).click()
  await expect(conversation.getByLabel('You')).toHaveCount(2)
  await expect(element.getByRole('alert')).toHaveCount(0)
  expect(problems).toEqual([])
})

test('a replay file that does not verify is refused in the element, naming the line; a missing one and a bad theme are named too', async ({ page }) => {
  const problems = watchProblems(page)
  await page.goto(`${site.url}tampered.html`)
  const element = page.locator('robota-playground')
  await expect(element.getByRole('alert')).toContainText(/The replay tampered\.jsonl was refused: .*was changed after it was written.*\(line \d+\)/)
  await expect(element.getByRole('region', { name: 'Conversation' })).not.toContainText('Rewritten docs')
  await expect(element.getByLabel('Prompt')).toBeEnabled()

  await page.goto(`${site.url}missing.html`)
  const alert = page.locator('robota-playground').getByRole('alert')
  await expect(alert).toContainText('The theme attribute must be light, dark or system; got "purple".')
  await expect(alert).toContainText(/The replay http:\/\/127\.0\.0\.1:\d+\/embed\/nowhere\.jsonl could not be loaded: HTTP 404\./)
  await expect(page.locator('robota-playground').getByLabel('Prompt')).toBeEnabled()
  // The 404 itself is the only error the browser reports.
  expect(problems.filter((problem) => !/404/.test(problem))).toEqual([])
})

test('prompt with autorun sends once the session is ready; theme, height and panels take effect', async ({ page }) => {
  const problems = watchProblems(page)
  await page.goto(`${site.url}autorun.html`)
  const element = page.locator('robota-playground')
  await element.getByRole('alertdialog', { name: 'Allow Bash?' }).getByRole('button', { name: 'Allow once' }).click()
  const conversation = element.getByRole('region', { name: 'Conversation' })
  await expect(conversation.getByLabel('You')).toHaveText(/What is in this workspace\?/)
  await expect(conversation.getByLabel('Assistant').last()).toContainText('README', { timeout: 15_000 })
  await expect(conversation.getByLabel('You')).toHaveCount(1)
  await expect(element.getByLabel('Prompt')).toHaveValue('')

  // The element is the height asked for, its border included.
  expect((await element.boundingBox())?.height).toBeCloseTo(480, 0)
  await expect(element.locator('.robota-root')).toHaveAttribute('data-theme', 'dark')
  await expect(element.getByRole('tab')).toHaveText(['Workspace'])
  await expect(element.getByRole('tab', { name: 'Workspace' })).toHaveAttribute('aria-selected', 'true')
  await expect(element.getByRole('navigation', { name: 'Sessions' })).toHaveCount(0)
  expect(problems).toEqual([])
})

test('an element below the fold leaves the page where the reader is: it moves the keyboard only once the reader has used it', async ({ page }) => {
  const problems = watchProblems(page)
  await page.goto(`${site.url}below-the-fold.html`)
  const element = page.locator('robota-playground')
  // The prompt box became usable and the autorun turn's permission prompt opened: each took the keyboard on the playground's own page.
  const permission = element.getByRole('alertdialog', { name: 'Allow Bash?' })
  await expect(permission).toBeVisible()
  expect(await page.evaluate(() => ({ scrollY: window.scrollY, focused: document.activeElement?.tagName }))).toEqual({ scrollY: 0, focused: 'BODY' })
  // Inside it, the playground moves the keyboard as on its own page: the answered prompt hands it to the prompt box.
  await permission.getByRole('button', { name: 'Allow once' }).click()
  await expect(element.getByLabel('Assistant').last()).toContainText('README', { timeout: 15_000 })
  await expect(element.getByLabel('Prompt')).toBeFocused()
  expect(problems).toEqual([])
})

test('each page’s element keeps its own conversation: another page’s prompt goes to its own session, and autorun is not sent again on return', async ({ page }) => {
  const problems = watchProblems(page)
  await page.goto(`${site.url}tour-one.html`)
  const element = page.locator('robota-playground')
  const conversation = element.getByRole('region', { name: 'Conversation' })
  await expect(conversation.getByLabel('Assistant').last()).toContainText('TODO', { timeout: 15_000 })
  await expect(element.getByRole('button', { name: 'Send' })).toBeVisible()

  await page.goto(`${site.url}tour-two.html`)
  await expect(element.getByLabel('Prompt')).toHaveValue('Create notes.txt with a haiku')
  const sessions = element.getByRole('navigation', { name: 'Sessions' })
  await expect(sessions.getByRole('button', { name: /^New session ?0 messages/ })).toHaveAttribute('aria-current', 'true')
  await expect(conversation.getByLabel('You')).toHaveCount(0)

  // Back on the first page: its own session, its one prompt, not sent again.
  await page.goto(`${site.url}tour-one.html`)
  await expect(conversation.getByLabel('Assistant').last()).toContainText('TODO')
  await expect(element.getByRole('button', { name: 'Send' })).toBeVisible()
  await page.waitForTimeout(1_000)
  await expect(conversation.getByLabel('You')).toHaveCount(1)
  await expect(conversation.getByLabel('You')).toHaveText(/Find the TODOs/)
  expect(problems).toEqual([])
})

test('autorun with a bare "/" is named as a problem and sends nothing', async ({ page }) => {
  const problems = watchProblems(page)
  await page.goto(`${site.url}bare-slash.html`)
  const element = page.locator('robota-playground')
  await expect(element.getByRole('alert')).toContainText('The autorun attribute sends the prompt attribute, and "/" names no command')
  // The reader's own prompt is the conversation's first: the "/" never reached the model, nor waits in the queue.
  const promptBox = element.getByLabel('Prompt')
  await expect(promptBox).toBeEnabled()
  await promptBox.fill('What is in this workspace?')
  await element.getByRole('button', { name: 'Send' }).click()
  await element.getByRole('alertdialog', { name: 'Allow Bash?' }).getByRole('button', { name: 'Allow once' }).click()
  const conversation = element.getByRole('region', { name: 'Conversation' })
  await expect(conversation.getByLabel('Assistant').last()).toContainText('README', { timeout: 15_000 })
  await expect(conversation.getByLabel('You')).toHaveText(['What is in this workspace?'])
  expect(problems).toEqual([])
})

test('prompt without autorun only fills the prompt box; panels="chat" shows the chat alone', async ({ page }) => {
  const problems = watchProblems(page)
  await page.goto(`${site.url}prefill.html`)
  const element = page.locator('robota-playground')
  await expect(element.getByLabel('Prompt')).toHaveValue('Find the TODOs')
  await expect(element.getByLabel('Prompt')).toBeEnabled()
  await expect(element.locator('.robota-root')).toHaveAttribute('data-theme', 'light')
  await expect(element.getByRole('tablist')).toHaveCount(0)
  await expect(element.getByRole('region', { name: 'Conversation' }).getByLabel('You')).toHaveCount(0)
  expect(problems).toEqual([])
})

test('proxy="/api/llm" sends the real Anthropic provider through the app’s provider proxy, with no key in the page', async ({ page }) => {
  const problems = watchProblems(page)
  const before = fake.requests.length
  fake.enqueue({ text: ['Hello ', 'from behind ', 'the proxy.'] })
  await page.goto(`${site.url}proxy.html`)
  const element = page.locator('robota-playground')
  const conversation = element.getByRole('region', { name: 'Conversation' })
  await expect(conversation.getByLabel('Assistant').last()).toContainText('Hello from behind the proxy.', { timeout: 30_000 })
  const turns = fake.requests.slice(before).filter((request) => request.path === '/v1/messages')
  expect(turns).toHaveLength(1)
  expect(turns[0]?.headers['x-api-key']).toBe(SERVER_KEY)
  expect(await page.content()).not.toContain(SERVER_KEY)
  expect(problems).toEqual([])
})
