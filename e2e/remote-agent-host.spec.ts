import { expect, test, type Page } from '@playwright/test'
import { AGENT_HOST_CONTRACT } from '../lib/host/agent-host.contract.ts'
import { AnthropicProvider } from '../lib/providers/anthropic/index.ts'
import { MemorySessionStore } from '../lib/storage/memory-session-store.ts'
import { startFakeLlmServer, type TFakeLlmServer } from '../lib/testing/fake-llm-server.ts'
import { recordSuiteTotal } from '../lib/testing/suite-totals.ts'
import { createPlaygroundHost } from '../playground/worker/playground-agent.ts'
import { createProviderProxy, serveAgentHost, toNodeListener, type TProviderProxyLogEntry, type TServedAgentHost } from '../server/index.ts'
import { createLocalAgentHost } from '../worker/create-local-agent-host.ts'
import { buildAndServeApp, type TServedApp } from './apps/build-app.ts'
import { collectPageErrors } from './playground-fixtures.ts'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

// A page whose loop runs on a Node host over WebSocket: the real remote client and React hooks in
// Chromium, the real Anthropic SDK on the server against the fake Anthropic API, which accepts only
// the server's key. The page gets the host's address and a user token from its own origin.
const SUITE = 'remote agent host in Chromium'
const SERVER_KEY = 'sk-ant-server-only-remote-0123456789'
const USER_TOKEN = 'alice-remote-token-0123456789'
const PROXY_SERVICE_TOKEN = 'host-to-proxy-service-token-0123'
const WORKSPACE = { files: { 'README.md': '# Remote workspace\n' } }

let fake: TFakeLlmServer
let app: TServedApp
let access: { url: string; token: string } = { url: '', token: '' }
const closers: Array<() => Promise<void>> = []

test.beforeAll(async () => {
  fake = await startFakeLlmServer({ apiKey: SERVER_KEY })
  app = await buildAndServeApp('remote-host', {}, {
    '/api/agent-host': (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(access))
    }
  })
})

test.afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close()
  await app.close()
  await fake.close()
})

async function serve(host: Parameters<typeof serveAgentHost>[0], options: { allowedModels?: string[]; allowPluginChanges?: boolean } = {}): Promise<TServedAgentHost> {
  const served = await serveAgentHost(host, { port: 0, authorize: (token) => (token === USER_TOKEN ? 'alice' : undefined), ...options })
  closers.push(() => served.close())
  return served
}

function anthropicHost(baseURL: string, apiKey: string) {
  return createLocalAgentHost(
    {
      providers: { anthropic: () => new AnthropicProvider({ apiKey, baseURL, maxRetries: 0 }) },
      defaultProvider: { kind: 'anthropic', model: 'claude-haiku-4-5' },
      workspace: WORKSPACE
    },
    new MemorySessionStore()
  )
}

/** Records every WebSocket frame the page sent or received. */
function recordFrames(page: Page): string[] {
  const frames: string[] = []
  page.on('websocket', (socket) => {
    socket.on('framesent', (frame) => frames.push(String(frame.payload)))
    socket.on('framereceived', (frame) => frames.push(String(frame.payload)))
  })
  return frames
}

/** Sends a prompt that makes the model list the workspace, allows the Bash call the host asks about, and waits for the answer. */
async function runTurnWithPermission(page: Page, answer: string): Promise<void> {
  fake.enqueue({ toolCalls: [{ name: 'Bash', arguments: { command: 'ls' } }] }, { text: [answer.slice(0, 10), answer.slice(10)] })
  await page.goto(app.url)
  await expect(page.getByRole('status', { name: 'Status' })).toHaveText('idle', { timeout: 30_000 })
  await page.getByLabel('Prompt').fill('What is in this workspace?')
  await page.getByRole('button', { name: 'Send' }).click()
  const prompt = page.getByRole('region', { name: 'Permission request' })
  await expect(prompt).toContainText('Allow Bash?', { timeout: 30_000 })
  await prompt.getByRole('button', { name: 'Allow' }).click()
  await expect(page.getByRole('list', { name: 'Messages' }).getByRole('listitem').last()).toHaveText(`assistant: ${answer}`, { timeout: 30_000 })
  await expect(page.getByRole('status', { name: 'Status' })).toHaveText('idle')
}

test('a page drives a session on a Node host over ws, the host’s provider holding a key the page never sees', async ({ page, context }) => {
  const errors = collectPageErrors(page)
  const frames = recordFrames(page)
  const pageRequests: string[] = []
  context.on('request', (request) => void request.allHeaders().then((headers) => pageRequests.push(`${request.url()} ${JSON.stringify(headers)}`)))
  const served = await serve(anthropicHost(fake.url, SERVER_KEY))
  access = { url: served.url, token: USER_TOKEN }
  const calls = fake.requests.length

  await runTurnWithPermission(page, 'The workspace holds a README.')

  const turnRequests = fake.requests.slice(calls)
  expect(turnRequests).toHaveLength(2)
  // The Anthropic SDK on the host sends the server's key as a bearer token.
  expect(turnRequests.map((request) => request.headers.authorization)).toEqual([`Bearer ${SERVER_KEY}`, `Bearer ${SERVER_KEY}`])
  // The second model call carries the listing Bash produced on the server after the page allowed it.
  expect(JSON.stringify(turnRequests[1]?.body)).toContain('README.md')
  expect(frames.some((frame) => frame.includes('"method":"answerPermission"'))).toBe(true)
  expect(frames.some((frame) => frame.includes('"kind":"permission_request"'))).toBe(true)
  const seenByPage = [await page.content(), ...frames, ...pageRequests].join('\n')
  expect(seenByPage).not.toContain(SERVER_KEY)
  recordSuiteTotal(SUITE, 'leaks', seenByPage.includes(SERVER_KEY) ? 1 : 0)
  expect(errors).toEqual([])
})

test('the same page through the provider proxy: the Node host holds no key, the proxy adds it', async ({ page }) => {
  const errors = collectPageErrors(page)
  const proxyLog: TProviderProxyLogEntry[] = []
  const proxy = createProviderProxy({
    anthropic: { apiKey: SERVER_KEY, baseURL: fake.url },
    authorize: (request) => (request.headers.get('authorization') === `Bearer ${PROXY_SERVICE_TOKEN}` ? 'agent-host' : undefined),
    allowedModels: ['claude-haiku-4-5'],
    log: (entry) => proxyLog.push(entry)
  })
  const proxyServer: Server = createServer(toNodeListener(proxy))
  await new Promise<void>((resolve) => proxyServer.listen(0, '127.0.0.1', resolve))
  closers.push(() => new Promise((resolve) => proxyServer.close(() => resolve())))
  const proxyUrl = `http://127.0.0.1:${(proxyServer.address() as AddressInfo).port}/api/llm/anthropic`
  // The host's SDK authenticates to the proxy with a service token; the provider key lives only in the proxy.
  const served = await serve(anthropicHost(proxyUrl, PROXY_SERVICE_TOKEN), { allowedModels: ['claude-haiku-4-5'] })
  access = { url: served.url, token: USER_TOKEN }
  const calls = fake.requests.length

  await runTurnWithPermission(page, 'Proxied: one README here.')

  const turnRequests = fake.requests.slice(calls)
  expect(turnRequests).toHaveLength(2)
  expect(turnRequests.map((request) => request.headers['x-api-key'])).toEqual([SERVER_KEY, SERVER_KEY])
  expect(JSON.stringify(turnRequests.map((request) => request.headers))).not.toContain(PROXY_SERVICE_TOKEN)
  expect(proxyLog).toMatchObject([
    { status: 200, userId: 'agent-host', model: 'claude-haiku-4-5' },
    { status: 200, userId: 'agent-host', model: 'claude-haiku-4-5' }
  ])
  expect(JSON.stringify(proxyLog)).not.toContain(SERVER_KEY)
  expect(await page.content()).not.toContain(SERVER_KEY)
  expect(errors).toEqual([])
})

test('the agent host contract holds for the remote client in Chromium against a Node host', async ({ page }) => {
  const errors = collectPageErrors(page)
  // The contract's plugin case searches a source and installs: a host that lets pages do so.
  const served = await serve(createPlaygroundHost({ store: new MemorySessionStore(), demoDeltaDelayMs: 0, eventIntervalMs: 1 }), { allowPluginChanges: true })
  access = { url: served.url, token: USER_TOKEN }
  await page.goto(`${app.url}#contract`)
  await expect(page.getByRole('status', { name: 'Status' })).toHaveText('done', { timeout: 60_000 })
  const results = await page.getByRole('list', { name: 'Contract results' }).getByRole('listitem').allTextContents()
  expect(results).toEqual(AGENT_HOST_CONTRACT.map((contractCase) => `passed: ${contractCase.name}`))
  expect(errors).toEqual([])
})

test('a forged token is refused in the page with an error saying so, and the host never runs a call', async ({ page }) => {
  const served = await serve(anthropicHost(fake.url, SERVER_KEY))
  access = { url: served.url, token: 'forged-token-0123456789abcdef' }
  const calls = fake.requests.length
  await page.goto(app.url)
  await expect(page.getByRole('status', { name: 'Status' })).toHaveText('AuthenticationError: The agent host refused the connection: its token was not accepted.', {
    timeout: 30_000
  })
  expect(fake.requests).toHaveLength(calls)
  recordSuiteTotal(SUITE, 'badInputs')
})
