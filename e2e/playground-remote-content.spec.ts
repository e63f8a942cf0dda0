import { expect, test, type Page } from '@playwright/test'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startFakeLlmServer, type TFakeLlmServer } from '../lib/testing/fake-llm-server.ts'
import { recordSuiteTotal } from '../lib/testing/suite-totals.ts'
import { chooseProvider, collectPageErrors, openPlayground, sendPrompt } from './playground-fixtures.ts'
import { renderTimeFetchCases } from './render-time-fetches.ts'

// Model output is untrusted: a prompt-injected model can write an image whose address carries the
// conversation away. Every way of fetching on render goes through the real SDK, the worker and the
// page's Markdown renderer in Chromium; a server listening on the addresses counts what reaches it.

const SUITE = 'render-time fetches'
const KEY = 'sk-test-key-0123456789abcdef'
// A 1×1 transparent PNG, for the images the user does choose to load.
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64')

let llm: TFakeLlmServer
let target: { server: Server; origin: string; hits: string[] }

async function startTarget(): Promise<typeof target> {
  const hits: string[] = []
  const server = createServer((request, response) => {
    hits.push(request.url ?? '')
    response.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' })
    response.end(PIXEL)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits }
}

test.beforeEach(async () => {
  llm = await startFakeLlmServer({ apiKey: KEY })
  target = await startTarget()
})

test.afterEach(async () => {
  await llm.close()
  await new Promise((resolve) => target.server.close(resolve))
})

/** Requests the page makes anywhere but to itself and the model. */
function watchOutgoing(page: Page, allowed: string[]): string[] {
  const outgoing: string[] = []
  page.on('request', (request) => {
    const url = request.url()
    if (!allowed.some((origin) => url.startsWith(origin)) || url.includes('secret=') || url.includes('/base/')) outgoing.push(url)
  })
  return outgoing
}

async function answer(page: Page, prompt: string, text: string): Promise<void> {
  llm.enqueue({ text: [text.slice(0, 40), text.slice(40)] })
  await sendPrompt(page, prompt)
  await expect(page.getByRole('region', { name: 'Conversation' }).getByLabel('Assistant').last()).toContainText('End of answer.')
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()
}

test('nothing in a model answer fetches on render: images wait for a click, links show their target', async ({ page, baseURL }) => {
  const errors = collectPageErrors(page)
  const outgoing = watchOutgoing(page, [baseURL ?? '', llm.url, 'data:', 'blob:'])
  await openPlayground(page)
  await chooseProvider(page, { provider: 'OpenAI', baseURL: llm.openaiBaseURL, model: 'gpt-4o-mini', apiKey: KEY })

  const cases = renderTimeFetchCases(target.origin)
  const links = '[the report](https://docs.example.com/report) and <https://example.org/>'
  await answer(page, 'Show me everything', [...cases.map((entry) => entry.markdown), links, 'End of answer.'].join('\n\n'))
  // Whatever would load has been asked for by now: the page and its worker are idle.
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(300)
  expect(target.hits).toEqual([])
  expect(outgoing).toEqual([])
  recordSuiteTotal(SUITE, 'securityChecks', cases.length)
  recordSuiteTotal(SUITE, 'requestsLeft', target.hits.length + outgoing.length)

  const conversation = page.getByRole('region', { name: 'Conversation' })
  const assistant = conversation.getByLabel('Assistant').last()
  const link = assistant.getByRole('link', { name: 'the report' })
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
  await expect(link).toHaveAttribute('target', '_blank')
  await expect(link).toHaveAttribute('title', 'https://docs.example.com/report')
  await expect(assistant).toContainText('the report (docs.example.com)')

  // One click loads that one image, once, without a referrer.
  const host = new URL(target.origin).host
  const placeholder = assistant.getByRole('button', { name: `Load image “chart” from ${host}` })
  await expect(placeholder).toBeVisible()
  await placeholder.click()
  const image = assistant.getByRole('img', { name: 'chart' })
  await expect(image).toBeVisible()
  await expect.poll(() => target.hits).toEqual(['/markdown-image.png?secret=abc123'])
  await expect(image).toHaveJSProperty('complete', true)
  expect(errors).toEqual([])
})

test('images from hosts allowed in the settings load without a click; other hosts still wait', async ({ page }) => {
  await openPlayground(page)
  await chooseProvider(page, { provider: 'OpenAI', baseURL: llm.openaiBaseURL, model: 'gpt-4o-mini', apiKey: KEY })
  const host = new URL(target.origin).host
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Settings' })
  const hosts = dialog.getByLabel('Load images from these hosts without asking')
  await hosts.fill(`not^a^host, ${host}`)
  await dialog.getByRole('button', { name: 'Save' }).click()
  // Refused: the field has the keyboard and its problem, which names the bad entry.
  await expect(hosts).toBeFocused()
  await expect(hosts).toHaveAttribute('aria-invalid', 'true')
  await expect(hosts).toHaveAccessibleDescription(/not\^a\^host/)
  await dialog.getByLabel('Load images from these hosts without asking').fill(host)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()

  await answer(page, 'Draw it', `![allowed](${target.origin}/allowed.png)\n\n![elsewhere](http://localhost:9/other.png)\n\nEnd of answer.`)
  const assistant = page.getByRole('region', { name: 'Conversation' }).getByLabel('Assistant').last()
  await expect(assistant.getByRole('img', { name: 'allowed' })).toBeVisible()
  await expect.poll(() => target.hits).toEqual(['/allowed.png'])
  await expect(assistant.getByRole('button', { name: 'Load image “elsewhere” from localhost:9' })).toBeVisible()

  // The allow-list is kept with the settings; keys are not.
  const saved = await page.evaluate(() => localStorage.getItem('robota.playground.settings'))
  expect(saved).toContain(host)
  expect(saved).not.toContain(KEY)
})
