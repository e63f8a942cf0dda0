import { expect, type Page, type Worker } from '@playwright/test'

// What the worker specs need of the playground, in one place: the page's own roles and labels.

/**
 * Opens the playground and waits until a session is open: the prompt takes input, or the page
 * says another tab drives the session.
 */
export async function openSession(page: Page): Promise<void> {
  await page.goto('/')
  await expect(page.getByRole('textbox', { name: 'Prompt' }).and(page.locator(':enabled')).or(followerNotice(page))).toBeVisible()
  // The prompt takes input from the first paint; the chat is busy until the session is open.
  await expect(page.getByRole('main', { name: 'Chat' })).not.toHaveAttribute('aria-busy')
}

/** The notice a tab shows while another tab drives its session. */
export function followerNotice(page: Page) {
  return page.getByRole('status').filter({ hasText: 'This session is open in another tab, which drives it' })
}

/** Sends a prompt with the Send button. */
export async function send(page: Page, prompt: string): Promise<void> {
  await page.getByLabel('Prompt').fill(prompt)
  await page.getByRole('button', { name: 'Send' }).click()
}

/** The conversation region. */
export function conversation(page: Page) {
  return page.getByRole('region', { name: 'Conversation' })
}

/** The permission prompt the demo's `cat README.md` raises. */
export function bashPrompt(page: Page) {
  return page.getByRole('alertdialog', { name: 'Allow Bash?' })
}

/** Waits until no turn runs: the Send button is back. */
export async function expectIdle(page: Page, options: { timeout?: number } = {}): Promise<void> {
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible(options)
}

/** The page's agent worker (the SDK names it `robota-agent`), waiting for it if needed. */
export async function agentWorker(page: Page): Promise<Worker> {
  await expect.poll(() => page.workers().length).toBeGreaterThan(0)
  const worker = page.workers().find((candidate) => candidate.url().includes('agent-worker'))
  if (!worker) throw new Error(`No agent worker among ${page.workers().map((candidate) => candidate.url()).join(', ')}`)
  return worker
}

/**
 * Records every text the streaming bubble shows, however briefly, into `window.streamedTexts`;
 * `streamedTexts(page)` reads them back.
 */
export async function recordStreamedTexts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = []
    Object.assign(window, { streamedTexts: seen })
    new MutationObserver(() => {
      const text = document.querySelector('[aria-label="Assistant (streaming)"]')?.textContent
      if (text && seen.at(-1) !== text) seen.push(text)
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
}

/** The texts `recordStreamedTexts` saw. */
export function streamedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { streamedTexts: string[] }).streamedTexts)
}
