import { expect, test, type Page } from '@playwright/test'
import { createServer } from 'node:net'
import { startFakeLlmServer, type TFakeLlmServer } from '../lib/testing/fake-llm-server.ts'
import type { TFakeLlmTurn } from '../lib/testing/fake-llm/fake-llm-script.ts'
import { recordSuiteTotal } from '../lib/testing/suite-totals.ts'
import { chooseProvider, openPlayground, sendPrompt } from './playground-fixtures.ts'

// Every fault the fake LLM server injects, met in the worker by the real Anthropic SDK (Messages)
// and the real OpenAI SDK (Chat Completions, as the playground's OpenAI-compatible provider): the
// page says what happened and what to do, with the Settings button when a setting is the fix, and
// the next turn runs.

const SUITE = 'playground-faults'
const KEY = 'sk-ant-fault-suite-0123456789'

/** A provider surface as the Settings dialog names it, with where the fake server answers it. */
type TSurface = { provider: string; model: string; baseURL: () => string }

const SURFACES: TSurface[] = [
  { provider: 'Anthropic', model: 'claude-haiku-4-5', baseURL: () => server.url },
  { provider: 'OpenAI-compatible server', model: 'gpt-4o-mini', baseURL: () => server.openaiBaseURL }
]
const PARTIAL: TFakeLlmTurn = { text: ['Part one, ', 'part two, ', 'part three.'] }

let server: TFakeLlmServer

test.beforeEach(async () => {
  server = await startFakeLlmServer({ apiKey: KEY })
})

test.afterEach(async () => {
  await server.close()
})

/** The SDK retries 429 and 5xx twice on its own: a failure reaches the page on the third answer. */
const everyTry = (turn: TFakeLlmTurn): TFakeLlmTurn[] => [turn, turn, turn]

/** A port on 127.0.0.1 where nothing listens: taken, then released. */
async function closedPort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

type TFaultCase = {
  fault: string
  /** Turns the server plays for the failing prompt. */
  turns?: TFakeLlmTurn[]
  /** Settings that differ from the working ones while the fault is shown. */
  settings?: () => Promise<{ baseURL?: string; apiKey?: string }>
  title: string | RegExp
  fix: RegExp
  opensSettings: boolean
  /** Text of the interrupted reply that stays on the page. */
  keeps?: string
}

const CASES: TFaultCase[] = [
  {
    fault: '429 with retry-after',
    turns: everyTry({ fault: { kind: 'http-error', status: 429, retryAfterSeconds: 1 } }),
    title: 'The provider’s rate limit was hit.',
    fix: /Wait 1 second, then send again\./,
    opensSettings: false
  },
  {
    fault: '500',
    turns: everyTry({ fault: { kind: 'http-error', status: 500, message: 'Internal failure.' } }),
    title: 'The provider had a server error.',
    fix: /Send again in a moment; if it keeps failing, the provider’s status page/,
    opensSettings: false
  },
  {
    fault: '529',
    turns: everyTry({ fault: { kind: 'http-error', status: 529, message: 'Overloaded.' } }),
    title: 'The provider is overloaded.',
    fix: /Wait a moment, then send again, or pick a less busy model in Settings\./,
    opensSettings: true
  },
  {
    fault: 'stream cut mid-event',
    // The worker may be starting the session's sandbox as the answer streams in.
    turns: [{ ...PARTIAL, fault: { kind: 'cut-stream', afterEvents: 4, closeAfterMs: 500 } }],
    title: 'The reply was cut off: the connection dropped mid-answer.',
    fix: /Send again; what arrived before the cut is kept above\./,
    opensSettings: false,
    keeps: 'Part one,'
  },
  {
    fault: 'malformed SSE',
    turns: [{ ...PARTIAL, fault: { kind: 'malformed-event', afterEvents: 4 } }],
    title: 'The model server sent a reply that could not be read.',
    fix: /check that the base URL in Settings points at the provider’s API itself/,
    opensSettings: true,
    keeps: 'Part one,'
  },
  {
    fault: 'wrong key',
    settings: async () => ({ apiKey: 'sk-ant-wrong-key-9876543210' }),
    title: 'The provider refused the API key.',
    fix: /Open Settings and paste a valid key for this provider/,
    opensSettings: true
  },
  {
    fault: 'connection refused',
    settings: async () => ({ baseURL: `http://127.0.0.1:${await closedPort()}` }),
    title: 'The model server could not be reached from this page.',
    fix: /Check the base URL in Settings\. A server called from a browser must answer CORS requests/,
    opensSettings: true
  }
]

async function useServer(page: Page, surface: TSurface, overrides: { baseURL?: string; apiKey?: string; idleTimeoutSeconds?: number } = {}): Promise<void> {
  await chooseProvider(page, {
    provider: surface.provider,
    baseURL: overrides.baseURL ?? surface.baseURL(),
    model: surface.model,
    apiKey: overrides.apiKey ?? KEY,
    ...(overrides.idleTimeoutSeconds === undefined ? {} : { idleTimeoutSeconds: overrides.idleTimeoutSeconds })
  })
}

for (const [surface, entry] of SURFACES.flatMap((surface) => CASES.map((entry) => [surface, entry] as const))) {
  test(`${surface.provider}, ${entry.fault}: the page says what happened and what to do, and the next turn runs`, async ({ page }) => {
    await openPlayground(page)
    await useServer(page, surface, (await entry.settings?.()) ?? {})
    if (entry.turns) server.enqueue(...entry.turns)
    await sendPrompt(page, `Trigger ${entry.fault}`)

    const notice = page.getByRole('alert').filter({ hasText: entry.title })
    await expect(notice.locator('.failure-title')).toHaveText(entry.title, { timeout: 20_000 })
    await expect(notice.locator('.failure-fix')).toContainText(entry.fix)
    await expect(notice.getByRole('button', { name: 'Open Settings' })).toHaveCount(entry.opensSettings ? 1 : 0)
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()
    const conversation = page.getByRole('region', { name: 'Conversation' })
    // How much arrives before the cut depends on the surface's framing; its start is always kept.
    if (entry.keeps) await expect(notice.getByLabel('Partial reply')).toHaveText(new RegExp(`^${entry.keeps}`))
    expect(server.remainingTurns()).toBe(0)

    // The action offered is the one that works: fixed settings (through the notice's own button
    // when it has one), or simply sending again.
    if (entry.opensSettings) await notice.getByRole('button', { name: 'Open Settings' }).click()
    if (entry.settings) await useServer(page, surface)
    else if (entry.opensSettings) await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Cancel' }).click()
    server.enqueue({ text: ['Recovered ', 'after the fault.'] })
    await sendPrompt(page, 'Again, please')
    await expect(conversation.getByLabel('Assistant').last()).toContainText('Recovered after the fault.')
    await expect(conversation.getByLabel('You')).toHaveText([`Trigger ${entry.fault}`, 'Again, please'])
    recordSuiteTotal(SUITE, 'faults')
  })
}

// The idle timeout comes from Settings ("Give up after this many seconds of silence"), shortened
// here so the stall shows in seconds rather than the default minute and a half.
for (const surface of SURFACES) {
  test(`${surface.provider}, stall past the idle timeout: the page says the server stopped answering, and the next turn runs`, async ({ page }) => {
    await openPlayground(page)
    await useServer(page, surface, { idleTimeoutSeconds: 2 })
    server.enqueue({ ...PARTIAL, fault: { kind: 'stall', afterEvents: 4 } })
    await sendPrompt(page, 'Trigger a stall')
    const notice = page.getByRole('alert').filter({ hasText: 'The model server stopped answering' })
    await expect(notice.locator('.failure-title')).toHaveText('The model server stopped answering for 2 s.', { timeout: 8_000 })
    await expect(notice.locator('.failure-fix')).toContainText('If it keeps stalling, check the base URL in Settings')
    server.enqueue({ text: ['Recovered ', 'after the stall.'] })
    await sendPrompt(page, 'Again, please')
    await expect(page.getByRole('region', { name: 'Conversation' }).getByLabel('Assistant').last()).toContainText('Recovered after the stall.')
    recordSuiteTotal(SUITE, 'faults')
  })
}
