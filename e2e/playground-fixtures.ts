import { expect, type Locator, type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'screenshots')

/** Size every playground demo runs at, so the screenshots line up in the docs. */
export const DEMO_VIEWPORT = { width: 1440, height: 900 }

/** Saves a screenshot of the page (or of `target`) as `docs/screenshots/<name>.png`. */
export async function saveScreenshot(page: Page, name: string, target?: { screenshot: Page['screenshot'] }): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true })
  const path = join(SCREENSHOTS, `${name}.png`)
  // Caret blink and spinners would make the images differ from run to run for nothing.
  await (target ?? page).screenshot({ path, animations: 'disabled', caret: 'hide' })
}

/**
 * Waits until the playground (or the embed element `scope`) has its first session open. The
 * prompt takes input from the first paint; the chat is `aria-busy` until the session is open.
 */
export async function expectSessionOpen(scope: Page | Locator, options: { timeout?: number } = {}): Promise<void> {
  await expect(scope.getByLabel('Prompt', { exact: true })).toBeEnabled(options)
  await expect(scope.getByRole('main', { name: 'Chat' })).not.toHaveAttribute('aria-busy', options)
}

/** Opens the playground and waits until a session is open and the prompt takes input. */
export async function openPlayground(page: Page, path = '/'): Promise<void> {
  await page.setViewportSize(DEMO_VIEWPORT)
  await page.goto(path)
  await expectSessionOpen(page)
}

/** Sends a prompt with the Send button. */
export async function sendPrompt(page: Page, prompt: string): Promise<void> {
  await page.getByLabel('Prompt').fill(prompt)
  await page.getByRole('button', { name: 'Send' }).click()
}

/** Runs the offline demo's turn to its end, allowing the `cat README.md` it asks about. */
export async function runDemoTurn(page: Page, prompt = 'What is in this workspace?'): Promise<void> {
  await sendPrompt(page, prompt)
  const permission = page.getByRole('alertdialog', { name: 'Allow Bash?' })
  await permission.getByRole('button', { name: 'Allow once' }).click()
  await expect(page.getByRole('region', { name: 'Conversation' }).getByLabel('Assistant').last()).toContainText('Tiny Calculator')
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()
}

/** Renames the session named `from` in the session list `sessions` to `to` with the keyboard, and waits until the list shows it. */
export async function renameSession(sessions: Locator, from: string, to: string): Promise<void> {
  await sessions.getByRole('button', { name: `Rename ${from}`, exact: true }).click()
  const nameBox = sessions.getByLabel(`New name for ${from}`, { exact: true })
  await nameBox.fill(to)
  await nameBox.press('Enter')
  await expect(sessions.getByRole('button', { name: `Rename ${to}`, exact: true })).toBeVisible()
}

/** Collects console errors and uncaught page errors, to assert a clean run at the end. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** What to pick in the settings dialog. */
export type TProviderSettings = { provider: string; baseURL?: string; model?: string; apiKey?: string; remember?: boolean; idleTimeoutSeconds?: number }

/** Opens Settings, fills the provider fields and saves; `screenshot` names a picture of the filled dialog. */
export async function chooseProvider(page: Page, settings: TProviderSettings, screenshot?: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Settings' })
  if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Settings', exact: true }).click()
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Provider').selectOption({ label: settings.provider })
  if (settings.baseURL !== undefined) await dialog.getByLabel('Base URL').fill(settings.baseURL)
  if (settings.model !== undefined) {
    const model = dialog.getByLabel('Model', { exact: true })
    if ((await model.evaluate((element) => element.tagName)) === 'SELECT') await model.selectOption(settings.model)
    else await model.fill(settings.model)
  }
  if (settings.apiKey !== undefined) await dialog.getByLabel(/^API key for/).fill(settings.apiKey)
  if (settings.idleTimeoutSeconds !== undefined) await dialog.getByLabel('Give up after this many seconds of silence').fill(String(settings.idleTimeoutSeconds))
  if (settings.remember !== undefined) await dialog.getByLabel('Remember keys on this device').setChecked(settings.remember)
  if (screenshot) await saveScreenshot(page, screenshot)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
}
