import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test, type Page } from '@playwright/test'
import { startMcpTestServer, type TMcpTestServer } from '../lib/tools/mcp/mcp-test-server.fixtures.ts'
import { countCodeGeneration, readCodeGeneration } from './bundle-code-generation.ts'
import { collectPageErrors, openPlayground, sendPrompt } from './playground-fixtures.ts'

// An MCP server in Node (Streamable HTTP, with CORS for the page's origin) configured by the
// workspace's `.robota/settings.json`: the playground's worker connects to it from the browser
// and the offline demo calls its tools by name.

let server: TMcpTestServer
// Answers every request, but with no CORS headers: the browser refuses to read it.
let withoutCors: Server
let withoutCorsUrl: string
test.beforeAll(async () => {
  server = await startMcpTestServer()
  withoutCors = createServer((_request, response) => void response.writeHead(404).end())
  await new Promise<void>((resolve) => withoutCors.listen(0, '127.0.0.1', resolve))
  withoutCorsUrl = `http://127.0.0.1:${(withoutCors.address() as AddressInfo).port}/mcp`
})
test.afterAll(async () => {
  await server.close()
  await new Promise((resolve) => withoutCors.close(resolve))
})

async function applySettings(page: Page, settings: object): Promise<void> {
  await page.getByRole('tab', { name: 'Workspace' }).click()
  const manifest = page.getByRole('region', { name: 'Workspace manifest' })
  const entries = { '.robota/settings.json': { type: 'file', content: JSON.stringify(settings, null, 2) } }
  await manifest.getByLabel('Manifest JSON').fill(JSON.stringify({ entries }, null, 2))
  await manifest.getByRole('button', { name: 'Apply to sandbox' }).click()
  await expect(manifest.getByRole('table', { name: 'Manifest result' }).getByRole('row')).toHaveCount(1)
}

async function answerTo(page: Page, prompt: string, answer: string): Promise<void> {
  await sendPrompt(page, prompt)
  await expect(page.getByRole('region', { name: 'Conversation' }).getByLabel('Assistant').last()).toContainText(answer, { timeout: 20_000 })
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()
}

test('an MCP server from the workspace settings lends its tools to the worker’s session', async ({ page }) => {
  const errors = collectPageErrors(page)
  const watching: Array<Promise<void>> = []
  page.on('worker', (worker) => void watching.push(countCodeGeneration(worker)))
  await openPlayground(page)
  await expect.poll(() => watching.length).toBeGreaterThan(0)
  await Promise.all(watching)
  await applySettings(page, {
    mcpServers: {
      demo: { type: 'http', url: server.url, headers: { 'x-team-key': 'team-key-browser-0123456' } },
      nocors: { type: 'http', url: withoutCorsUrl },
      local: { command: 'node', args: ['server.js'] }
    },
    // The allow pattern names the MCP tools the way the gate sees them.
    permissions: { allow: ['mcp__demo__*'] }
  })

  await answerTo(page, 'Call mcp__demo__echo with {"text": "hello from the tab"}', 'mcp__demo__echo returned: echo: hello from the tab')
  const conversation = page.getByRole('region', { name: 'Conversation' })
  await expect(conversation.getByRole('region', { name: 'Tool call mcp__demo__echo' })).toHaveCount(1)

  // The servers the worker could not use are named, with why: CORS, and no processes in a browser.
  const warnings = page.getByRole('alert', { name: 'Session warning' })
  await expect(warnings).toHaveCount(2)
  await expect(warnings.first()).toContainText(`MCP server "nocors" could not be reached while connecting to ${withoutCorsUrl}`)
  await expect(warnings.first()).toContainText('does not allow cross-origin requests')
  await expect(warnings.last()).toContainText('MCP server "local" is a stdio server (command "node"): a browser cannot start processes.')
  expect(server.calls).toContain('echo')
  expect(server.lastHeaders()['x-team-key']).toBe('team-key-browser-0123456')

  await answerTo(page, 'Call mcp__demo__picture', '[image image/png, 68 bytes]')
  await expect(conversation.getByRole('region', { name: 'Tool call mcp__demo__picture' })).toHaveCount(1)

  // The client checks structured output against the tool's output schema, in the worker, with no
  // code made from strings (the SDK's default validator, Ajv, would compile it with Function).
  await answerTo(page, 'Call mcp__demo__count', 'mcp__demo__count returned: count is 3')
  expect(await readCodeGeneration(page)).toEqual([])
  expect(errors).toEqual([])
})

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Settings' })
  await expect(dialog).toBeVisible()
  return dialog
}

async function addServer(page: Page, name: string, headers: string, options: { rememberKeys?: boolean } = {}): Promise<void> {
  const dialog = await openSettings(page)
  await dialog.getByLabel('Server name').fill(name)
  await dialog.getByLabel('Server URL').fill(server.url)
  await dialog.getByLabel(/^Headers/).fill(headers)
  await dialog.getByRole('button', { name: 'Add server' }).click()
  if (options.rememberKeys) await dialog.getByLabel('Remember keys on this device').check()
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
}

const storedSettings = (page: Page) => page.evaluate(() => localStorage.getItem('robota.playground.settings') ?? '')

test('an MCP server added under Settings connects, asks before its tools run, and its headers stay in memory unless remembered', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  await addServer(page, 'tabdemo', 'x-team-key: settings-key-0987654321')

  let dialog = await openSettings(page)
  const entry = dialog.getByRole('listitem', { name: 'MCP server tabdemo' })
  await expect(entry).toContainText('Connected. Tools: echo, picture', { timeout: 15_000 })
  await page.keyboard.press('Escape')

  // MCP tools are not built in: in the default mode the call waits for a permission answer.
  await sendPrompt(page, 'Call mcp__tabdemo__echo with {"text": "from settings"}')
  await page.getByRole('alertdialog', { name: 'Allow mcp__tabdemo__echo?' }).getByRole('button', { name: 'Allow once' }).click()
  const conversation = page.getByRole('region', { name: 'Conversation' })
  await expect(conversation.getByLabel('Assistant').last()).toContainText('mcp__tabdemo__echo returned: echo: from settings', { timeout: 20_000 })
  await expect(conversation.getByRole('region', { name: 'Tool call mcp__tabdemo__echo' }).locator('.tool-name')).toHaveText('echo · MCP tabdemo')
  expect(server.lastHeaders()['x-team-key']).toBe('settings-key-0987654321')
  expect(await storedSettings(page)).not.toContain('settings-key-0987654321')

  // Switched off: the session is assembled without it, and its tools are gone.
  dialog = await openSettings(page)
  await dialog.getByLabel('Use tabdemo').uncheck()
  await dialog.getByRole('button', { name: 'Save' }).click()
  dialog = await openSettings(page)
  await expect(dialog.getByRole('listitem', { name: 'MCP server tabdemo' })).toContainText('Off.')
  await page.keyboard.press('Escape')
  await answerTo(page, 'Call mcp__tabdemo__echo', 'This session offers no tool mcp__tabdemo__echo')

  // After a reload the server is still listed, without the header it was given.
  await page.reload()
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()
  expect(await storedSettings(page)).toContain('"name":"tabdemo"')
  expect(await storedSettings(page)).not.toContain('settings-key-0987654321')

  // With "Remember keys" ticked, the header is stored, and comes back after a reload.
  await addServer(page, 'kept', 'x-team-key: kept-key-1122334455', { rememberKeys: true })
  await page.reload()
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()
  expect(await storedSettings(page)).toContain('kept-key-1122334455')
  dialog = await openSettings(page)
  await expect(dialog.getByRole('listitem', { name: 'MCP server kept' })).toContainText('Connected.', { timeout: 15_000 })
  await expect(dialog.getByRole('listitem', { name: 'MCP server tabdemo' })).toContainText('Off.')
  await page.keyboard.press('Escape')
  await sendPrompt(page, 'Call mcp__kept__whoami')
  await page.getByRole('alertdialog', { name: 'Allow mcp__kept__whoami?' }).getByRole('button', { name: 'Allow once' }).click()
  await expect(conversation.getByLabel('Assistant').last()).toContainText('mcp__kept__whoami returned', { timeout: 20_000 })
  expect(server.lastHeaders()['x-team-key']).toBe('kept-key-1122334455')
  expect(errors).toEqual([])
})
