import { expect, test, type Page } from '@playwright/test'
import { FakeE2BCloud } from '../lib/testing/fake-e2b-sandbox.ts'
import { startFakeE2BServer, type TFakeE2BServer } from '../lib/testing/fake-e2b-server.ts'
import { InMemorySandboxClient } from '../sandbox/in-memory/in-memory-sandbox-client.ts'
import { openPlayground, runDemoTurn } from './playground-fixtures.ts'

// The page's agent worker in Chromium reaches a local E2B service through the real `e2b` SDK:
// its REST client over fetch and its Connect transport, cross-origin, so every request passes CORS.
// The playground's settings carry no envd URL, so the switch is asked of the worker's host
// directly, in comlink's own message format, with `sandboxUrl` pointing at the same service.
let server: TFakeE2BServer

test.beforeAll(async () => {
  const errors = await import('e2b')
  server = await startFakeE2BServer({ cloud: new FakeE2BCloud({ errors, createShell: () => new InMemorySandboxClient({ cwd: '/home/user' }) }) })
})

test.afterAll(async () => {
  await server.close()
})

/** Keeps every worker the page starts on `window.robotaWorkers`, before the app's code runs. */
async function recordWorkers(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const workers: Worker[] = []
    const Original = window.Worker
    Object.assign(window, {
      robotaWorkers: workers,
      Worker: class extends Original {
        constructor(url: string | URL, options?: WorkerOptions) {
          super(url, options)
          workers.push(this)
        }
      }
    })
  })
}

/** Calls one method of the host the agent worker exposes, as comlink's `wrap` would. */
function callHost(page: Page, method: string, ...args: unknown[]): Promise<unknown> {
  return page.evaluate(
    ({ method, args }) => {
      const worker = (window as unknown as { robotaWorkers: Worker[] }).robotaWorkers.at(-1)
      if (worker === undefined) throw new Error('The page started no worker.')
      const id = crypto.randomUUID()
      return new Promise((resolve, reject) => {
        const listener = (event: MessageEvent<{ id?: string; type?: string; value?: unknown }>) => {
          if (event.data?.id !== id) return
          worker.removeEventListener('message', listener)
          if (event.data.type === 'RAW') resolve(event.data.value)
          else reject(new Error(JSON.stringify(event.data.value)))
        }
        worker.addEventListener('message', listener)
        worker.postMessage({ id, type: 'APPLY', path: [method], argumentList: args.map((value) => ({ type: 'RAW', value })) })
      })
    },
    { method, args }
  )
}

test('the agent worker runs a turn in an E2B sandbox reached by the e2b SDK over HTTP, across origins', async ({ page }) => {
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  await recordWorkers(page)
  await openPlayground(page)

  const listing = (await callHost(page, 'listSessions')) as { sessions: Array<{ id: string }> }
  const sessionId = listing.sessions[0]?.id
  expect(sessionId).toBeDefined()
  const switched = await callHost(page, 'setSandbox', sessionId, { kind: 'e2b', ...server.connection })
  expect(switched).toMatchObject({ kind: 'e2b' })
  expect((switched as { filesCopied: number }).filesCopied).toBeGreaterThan(0)

  // The workspace now lives in the service's sandbox: a change made there shows in the next turn.
  const sandbox = server.cloud.sandboxes[0]
  expect(sandbox?.state).toBe('running')
  expect(await sandbox?.files.read('/workspace/README.md')).toMatch(/^# Tiny Calculator/)
  await sandbox?.files.write('/workspace/README.md', '# Tiny Calculator in E2B\n')
  await runDemoTurn(page)
  await expect(page.getByRole('region', { name: 'Conversation' }).getByLabel('Assistant').last()).toContainText('Tiny Calculator in E2B')

  const fromWorker = server.requests.filter((request) => request.sandboxId === sandbox?.sandboxId).map((request) => `${request.method} ${request.path}`)
  expect(fromWorker).toEqual(expect.arrayContaining(['POST /files', 'POST /process.Process/Start', 'GET /files']))
  expect(server.requests[0]).toMatchObject({ method: 'POST', path: '/v2/sandboxes' })
  expect(pageErrors).toEqual([])
})
