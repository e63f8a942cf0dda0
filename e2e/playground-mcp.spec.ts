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
