import { expect, test } from '@playwright/test'
import { startFakeLlmServer, type TFakeLlmServer } from '../lib/testing/fake-llm-server.ts'
import { createProviderProxy, toNodeListener, type TProviderProxyLogEntry } from '../server/index.ts'
import { buildAndServeApp, type TServedApp } from './apps/build-app.ts'
import { collectPageErrors } from './playground-fixtures.ts'

// An app whose worker runs the real Anthropic SDK against its own origin's provider proxy, which
// sits in front of a fake Anthropic API that accepts only the server's key. The page has no key:
// the proxy knows the user by a session cookie.
const SERVER_KEY = 'sk-ant-server-only-0123456789abcdef'
const SESSION_COOKIE = 'alice-session-5f1c2a9e'

let fake: TFakeLlmServer
let app: TServedApp
const proxyLog: TProviderProxyLogEntry[] = []
const browserHeaders: Array<Record<string, string>> = []

test.beforeAll(async () => {
  fake = await startFakeLlmServer({ apiKey: SERVER_KEY })
  const proxy = createProviderProxy({
    anthropic: { apiKey: SERVER_KEY, baseURL: fake.url },
    authorize: (request) => (request.headers.get('cookie')?.includes(`session=${SESSION_COOKIE}`) ? 'alice' : undefined),
    allowedModels: ['claude-haiku-4-5'],
    log: (entry) => proxyLog.push(entry)
  })
  app = await buildAndServeApp('provider-proxy', {}, {
    '/api/llm/': toNodeListener((request) => {
      browserHeaders.push(Object.fromEntries(request.headers))
      return proxy(request)
    })
  })
})

test.afterAll(async () => {
  await app.close()
  await fake.close()
})

test('a turn runs through the server’s provider proxy with no key in the page', async ({ page, context }) => {
  const errors = collectPageErrors(page)
  const pageRequests: Array<{ url: string; headers: Record<string, string> }> = []
  context.on('request', (request) => void request.allHeaders().then((headers) => pageRequests.push({ url: request.url(), headers })))
  await context.addCookies([{ name: 'session', value: SESSION_COOKIE, url: app.url }])
  fake.enqueue({ text: ['The key ', 'stays on ', 'the server.'] })

  await page.goto(app.url)
  await expect(page.getByRole('status', { name: 'Status' })).toHaveText('done', { timeout: 30_000 })
  await expect(page.getByLabel('Answer')).toHaveText('The key stays on the server.')
  expect(Number(await page.getByLabel('Streamed deltas').textContent())).toBeGreaterThanOrEqual(3)

  // The provider saw the server's key; the browser sent only its cookie and the SDK's placeholder.
  expect(fake.requests).toHaveLength(1)
  expect(fake.requests[0]?.headers['x-api-key']).toBe(SERVER_KEY)
  expect(fake.requests[0]?.headers.cookie).toBeUndefined()
  expect(browserHeaders).toHaveLength(1)
  expect(browserHeaders[0]?.authorization).toBe('Bearer placeholder-the-proxy-holds-the-key')
  const proxyCalls = pageRequests.filter((request) => request.url.includes('/api/llm/anthropic/v1/messages'))
  expect(proxyCalls.length).toBeGreaterThanOrEqual(1)
  for (const { headers } of [...pageRequests, ...browserHeaders.map((headers) => ({ headers }))]) {
    expect(JSON.stringify(headers)).not.toContain(SERVER_KEY)
    expect(headers['x-api-key']).toBeUndefined()
  }
  expect(await page.content()).not.toContain(SERVER_KEY)
  expect(JSON.stringify(proxyLog)).not.toContain(SERVER_KEY)
  expect(proxyLog).toMatchObject([{ status: 200, userId: 'alice', model: 'claude-haiku-4-5' }])
  expect(errors).toEqual([])
})

test('without the session cookie the proxy refuses the turn with 401 and the provider is never called', async ({ page }) => {
  const calls = fake.requests.length
  await page.goto(app.url)
  await expect(page.getByRole('status', { name: 'Status' })).toContainText('failed', { timeout: 30_000 })
  await expect(page.getByRole('status', { name: 'Status' })).toContainText('authorize()')
  expect(fake.requests).toHaveLength(calls)
  expect(proxyLog.at(-1)).toMatchObject({ status: 401 })
})
