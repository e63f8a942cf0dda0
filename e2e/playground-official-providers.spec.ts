import { expect, test } from '@playwright/test'
import { startFakeLlmServer, type TFakeLlmServer } from '../lib/testing/fake-llm-server.ts'
import { chooseProvider, collectPageErrors, openPlayground, sendPrompt } from './playground-fixtures.ts'

// Each official SDK runs inside the worker, pointed by the settings at a local server that speaks
// their wire formats: a streamed answer around one tool round, with the key kept out of storage.
let server: TFakeLlmServer

test.beforeEach(async () => {
  server = await startFakeLlmServer({ apiKey: 'sk-test-key-0123456789abcdef' })
})

test.afterEach(async () => {
  await server.close()
})

const providers = [
  { label: 'Anthropic', model: 'claude-haiku-4-5', path: '/v1/messages', baseURL: () => server.url },
  { label: 'OpenAI', model: 'gpt-4o-mini', path: '/v1/chat/completions', baseURL: () => server.openaiBaseURL },
  { label: 'Google', model: 'gemini-2.5-flash', path: '/v1beta/models/gemini-2.5-flash:streamGenerateContent', baseURL: () => server.url }
]

for (const provider of providers) {
  test(`${provider.label}: the real SDK in the worker streams an answer around a tool round`, async ({ page }) => {
    const errors = collectPageErrors(page)
    await openPlayground(page)
    await chooseProvider(page, { provider: provider.label, baseURL: provider.baseURL(), model: provider.model, apiKey: 'sk-test-key-0123456789abcdef' })
    server.enqueue(
      { text: ['Listing ', 'the files.'], toolCalls: [{ id: 'call_ls', name: 'Bash', arguments: { command: 'ls' } }] },
      { text: ['There are ', 'four entries: ', 'README.md, package.json, src and test.'] }
    )
    await sendPrompt(page, 'What is here?')

    const conversation = page.getByRole('region', { name: 'Conversation' })
    await expect(conversation.getByLabel('Bash result').first()).toContainText('package.json')
    await expect(conversation.getByLabel('Assistant').last()).toContainText('four entries: README.md, package.json, src and test.')
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()

    const modelRequests = server.requests.filter((request) => request.path === provider.path)
    expect(modelRequests).toHaveLength(2)
    expect(JSON.stringify(modelRequests[1]?.body)).toContain('call_ls')

    const stored = await page.evaluate(async () => {
      const databases = await indexedDB.databases()
      const dumps: string[] = []
      for (const { name } of databases) {
        if (!name) continue
        const database = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(name)
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => reject(request.error)
        })
        for (const storeName of Array.from(database.objectStoreNames)) {
          const values = await new Promise<unknown[]>((resolve, reject) => {
            const request = database.transaction(storeName).objectStore(storeName).getAll()
            request.onsuccess = () => resolve(request.result)
            request.onerror = () => reject(request.error)
          })
          dumps.push(JSON.stringify(values))
        }
        database.close()
      }
      return dumps.join('\n') + JSON.stringify(localStorage)
    })
    expect(stored).toContain('What is here?')
    expect(stored).not.toContain('sk-test-key')
    expect(errors).toEqual([])
  })
}
