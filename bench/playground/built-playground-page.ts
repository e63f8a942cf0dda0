import { chromium, type Browser, type Page } from '@playwright/test'
import { CHROMIUM_BENCH_ARGS, findChromium } from '../browser/chromium-launch.ts'
import { serveBuiltPlayground, type TBuiltPlaygroundServer } from './serve-built-playground.ts'

/** The built playground open in Chromium, and what to close when done. */
export type TBuiltPlaygroundPage = { browser: Browser; page: Page; server: TBuiltPlaygroundServer; close(): Promise<void> }

/** A model the Anthropic SDK in the playground's worker calls at `baseURL`. */
export type TAnthropicSettings = { baseURL: string; model: string; apiKey: string }

/** The worker the playground starts for its agent, as its script URL names it. */
export const AGENT_WORKER_URL_PART = 'agent-worker'

/**
 * Serves dist/playground, opens it in Debian's Chromium at the playground's demo size (with
 * `initScript` run before the page's own scripts) and waits until a session takes prompts.
 */
export async function openBuiltPlayground(initScript?: () => void): Promise<TBuiltPlaygroundPage> {
  const executablePath = findChromium()
  if (!executablePath) throw new Error('No Chromium: install Debian\'s chromium or set CHROMIUM_PATH.')
  const server = await serveBuiltPlayground()
  const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_BENCH_ARGS] })
  const close = async () => {
    await browser.close()
    await server.close()
  }
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    if (initScript) await page.addInitScript(initScript)
    await page.goto(server.url)
    await waitForPromptReady(page)
    return { browser, page, server, close }
  } catch (error) {
    await close()
    throw error
  }
}

/** Waits until the prompt box exists and takes input (a session is open and idle). */
export async function waitForPromptReady(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Prompt"]')?.disabled === false, undefined, { timeout: 60_000 })
}

/** Picks Anthropic in the Settings dialog, pointed at `settings.baseURL`, and saves. */
export async function chooseAnthropic(page: Page, settings: TAnthropicSettings): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Settings' })
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  await dialog.waitFor()
  await dialog.getByLabel('Provider').selectOption({ label: 'Anthropic' })
  await dialog.getByLabel('Base URL').fill(settings.baseURL)
  const model = dialog.getByLabel('Model', { exact: true })
  if ((await model.evaluate((element) => element.tagName)) === 'SELECT') await model.selectOption(settings.model)
  else await model.fill(settings.model)
  await dialog.getByLabel(/^API key for/).fill(settings.apiKey)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await dialog.waitFor({ state: 'hidden' })
}

/** Types `prompt` and clicks Send. */
export async function sendPrompt(page: Page, prompt: string): Promise<void> {
  // A CSS locator: a label locator reads every element's labels, on the page's main thread, and
  // a long conversation makes that a cost of its own beside the turn the bench measures.
  await page.locator('form.prompt [aria-label="Prompt"]').fill(prompt)
  await page.locator('form.prompt button[type="submit"]').click()
}

/**
 * Waits until the prompt form offers Send again (no turn running). Polled with a cheap query:
 * Playwright's role locators compute accessible names over the whole page, a long task of its
 * own on a long conversation, and the benches count the page's long tasks.
 */
export async function waitForSendButton(page: Page): Promise<void> {
  const hasSend = () => [...document.querySelectorAll('form.prompt button')].some((button) => button.textContent?.trim() === 'Send')
  await page.waitForFunction(hasSend, undefined, { polling: 20, timeout: 60_000 })
}
