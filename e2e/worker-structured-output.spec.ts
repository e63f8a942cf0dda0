import { expect, test, type Page } from '@playwright/test'
import type { TProviderChoice, TTurnResult } from '../lib/host/agent-host.ts'
import type { TFakeLlmTurn } from '../lib/testing/fake-llm/fake-llm-script.ts'
import { startFakeLlmServer, type TFakeLlmServer } from '../lib/testing/fake-llm-server.ts'
import type { IAgentClient } from '../worker/create-agent-client.ts'
import { buildAndServeApp, type TServedApp } from './apps/build-app.ts'
import { collectPageErrors } from './playground-fixtures.ts'

// A page asks a turn for structured output with a JSON Schema (plain data: no zod object crosses
// the worker boundary). The worker's provider, a real SDK, asks the fake server in its API's own
// mode; the worker validates the reply and the page gets the parsed value, or the refusal with
// the raw text.

const KEY = 'sk-test-key-0123456789abcdef'
const WEATHER = {
  type: 'object',
  properties: { city: { type: 'string' }, celsius: { type: 'number' } },
  required: ['city', 'celsius'],
  additionalProperties: false
}

let app: TServedApp
let server: TFakeLlmServer

test.beforeAll(async () => {
  app = await buildAndServeApp('structured-output')
})

test.afterAll(async () => {
  await app.close()
})

test.beforeEach(async () => {
  server = await startFakeLlmServer({ apiKey: KEY })
})

test.afterEach(async () => {
  await server.close()
})

type TOutcome = { result?: TTurnResult; error?: { name: string; code?: unknown; rawText?: unknown; message: string } }

/** Opens a session on `choice` in the page and submits `prompt` asking for `schema`. */
async function submitForOutput(page: Page, choice: TProviderChoice, prompt: string, schema: unknown): Promise<TOutcome> {
  return page.evaluate(
    async ({ choice, prompt, schema }) => {
      const client = (window as unknown as { robotaClient: IAgentClient }).robotaClient
      const session = await client.createSession({ provider: choice })
      try {
        return { result: await client.submit(session.id, prompt, { output: { schema: schema as Record<string, unknown> } }) }
      } catch (error) {
        const { name, code, rawText, message } = error as Error & { code?: unknown; rawText?: unknown }
        return { error: { name, code, rawText, message } }
      }
    },
    { choice, prompt, schema }
  )
}

async function openApp(page: Page): Promise<void> {
  await page.goto(app.url)
  await expect(page.getByRole('status', { name: 'Status' })).toHaveText('ready')
}

const providers: Array<{ label: string; choice: () => TProviderChoice; path: string; answer: (value: unknown) => TFakeLlmTurn; modeOf: (body: Record<string, unknown>) => unknown }> = [
  {
    label: 'Anthropic (a forced structured_output tool)',
    choice: () => ({ kind: 'anthropic', model: 'claude-haiku-4-5', apiKey: KEY, baseURL: server.url }),
    path: '/v1/messages',
    answer: (value) => ({ toolCalls: [{ name: 'structured_output', arguments: value as Record<string, unknown> }] }),
    modeOf: (body) => (body.tools as Array<{ name: string; input_schema: unknown }>).find((tool) => tool.name === 'structured_output')?.input_schema
  },
  {
    label: 'OpenAI (response_format json_schema)',
    choice: () => ({ kind: 'openai', model: 'gpt-4o-mini', apiKey: KEY, baseURL: server.openaiBaseURL }),
    path: '/v1/chat/completions',
    answer: (value) => ({ text: JSON.stringify(value) }),
    modeOf: (body) => (body.response_format as { json_schema?: { schema?: unknown } } | undefined)?.json_schema?.schema
  },
  {
    label: 'Google (responseJsonSchema)',
    choice: () => ({ kind: 'google', model: 'gemini-2.5-flash', apiKey: KEY, baseURL: server.url }),
    path: '/v1beta/models/gemini-2.5-flash:streamGenerateContent',
    answer: (value) => ({ text: JSON.stringify(value) }),
    modeOf: (body) => (body.generationConfig as { responseJsonSchema?: unknown } | undefined)?.responseJsonSchema
  }
]

for (const provider of providers) {
  test(`${provider.label}: the worker's SDK asks for the page's schema and the page gets the validated value`, async ({ page }) => {
    const errors = collectPageErrors(page)
    await openApp(page)
    server.enqueue(provider.answer({ city: 'Seoul', celsius: 3.5 }))

    const outcome = await submitForOutput(page, provider.choice(), 'Weather in Seoul?', WEATHER)

    expect(outcome.error).toBeUndefined()
    expect(outcome.result?.output).toEqual({ city: 'Seoul', celsius: 3.5 })
    const requests = server.requests.filter((request) => request.path.startsWith(provider.path))
    expect(requests).toHaveLength(1)
    expect(provider.modeOf(requests[0]?.body as Record<string, unknown>)).toEqual(WEATHER)
    expect(errors).toEqual([])
  })
}

test('a reply that does not validate is answered once, then refused in the page with the raw text', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openApp(page)
  server.enqueue({ text: '{"city":"Seoul","celsius":"cold"}' }, { text: 'It is cold in Seoul.' })

  const outcome = await submitForOutput(page, providers[1]!.choice(), 'Weather in Seoul?', WEATHER)

  expect(outcome.result).toBeUndefined()
  expect(outcome.error).toMatchObject({ name: 'StructuredOutputError', code: 'STRUCTURED_OUTPUT_INVALID', rawText: 'It is cold in Seoul.' })
  const requests = server.requests.filter((request) => request.path === '/v1/chat/completions')
  expect(requests).toHaveLength(2)
  expect(JSON.stringify(requests[1]?.body)).toContain('Your last reply could not be used')
  expect(errors).toEqual([])
})

test('a schema the providers cannot take is refused in the page before anything is sent', async ({ page }) => {
  await openApp(page)

  const outcome = await submitForOutput(page, providers[1]!.choice(), 'Weather in Seoul?', { type: 'string' })

  expect(outcome.error).toMatchObject({ code: 'VALIDATION_ERROR' })
  expect(outcome.error?.message).toContain('options.output.schema must describe an object at its root')
  expect(server.requests).toHaveLength(0)
})
