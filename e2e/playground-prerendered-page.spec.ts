import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { collectPageErrors, DEMO_VIEWPORT, expectSessionOpen } from './playground-fixtures.ts'

// The built page arrives rendered: it paints, and its prompt takes typing, before its script has
// run. The script then hydrates that HTML, and saved settings take over right after; either way
// what was typed before stays in the prompt (or, sent with Enter, goes to the session once it is
// open), and nothing logs an error.

/** Holds back the page's own script (`assets/index-*.js`) until the returned function is called. */
async function holdPageScript(context: BrowserContext): Promise<() => void> {
  let release = (): void => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  await context.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await held
    await route.continue()
  })
  return release
}

/** Loads the page with its script held back, types into the prerendered prompt, then lets the script run. */
async function typeBeforeTheScript(page: Page, context: BrowserContext, text: string): Promise<void> {
  const release = await holdPageScript(context)
  await page.setViewportSize(DEMO_VIEWPORT)
  // Neither `load` nor `DOMContentLoaded` comes while the page's module script is held.
  await page.goto('/', { waitUntil: 'commit' })
  const promptBox = page.getByLabel('Prompt')
  await expect(promptBox).toBeEnabled()
  await expect(page.getByRole('main', { name: 'Chat' })).toHaveAttribute('aria-busy', 'true')
  // Nothing has run yet: the page's own script would have given the prompt the keyboard.
  await expect(promptBox).not.toBeFocused()
  await promptBox.click()
  await page.keyboard.type(text)
  release()
  await expectSessionOpen(page)
}

test('what is typed into the prerendered page before its script runs is kept, and sends', async ({ page, context }) => {
  test.setTimeout(60_000)
  const errors = collectPageErrors(page)
  await typeBeforeTheScript(page, context, 'What is in this workspace?')
  const promptBox = page.getByLabel('Prompt')
  await expect(promptBox).toHaveValue('What is in this workspace?')
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled()

  await page.getByRole('button', { name: 'Send' }).click()
  await page.getByRole('alertdialog', { name: 'Allow Bash?' }).getByRole('button', { name: 'Allow once' }).click()
  const conversation = page.getByRole('region', { name: 'Conversation' })
  await expect(conversation.getByLabel('Assistant').last()).toContainText('Tiny Calculator')
  await expect(conversation.getByLabel('You')).toHaveText(['What is in this workspace?'])
  // A hydration that did not match the HTML is reported as an error.
  expect(errors).toEqual([])
})

test('Enter pressed before the page’s script runs sends the prompt once the session is open, and what is typed after it stays', async ({ page, context }) => {
  test.setTimeout(60_000)
  const errors = collectPageErrors(page)
  const release = await holdPageScript(context)
  await page.setViewportSize(DEMO_VIEWPORT)
  await page.goto('/', { waitUntil: 'commit' })
  const promptBox = page.getByLabel('Prompt')
  await expect(promptBox).toBeEnabled()
  await promptBox.click()
  await page.keyboard.type('What is in this workspace?')
  await page.keyboard.press('Enter')
  // Taken as Enter takes it once the page runs: no line added, the box free for the next.
  await expect(promptBox).toHaveValue('')
  await page.keyboard.type('Then this')
  release()

  await page.getByRole('alertdialog', { name: 'Allow Bash?' }).getByRole('button', { name: 'Allow once' }).click()
  const conversation = page.getByRole('region', { name: 'Conversation' })
  await expect(conversation.getByLabel('Assistant').last()).toContainText('Tiny Calculator')
  await expect(conversation.getByLabel('You')).toHaveText(['What is in this workspace?'])
  await expect(promptBox).toHaveValue('Then this')
  expect(errors).toEqual([])
})

test('with saved settings the page hydrates as well, takes them at once and keeps what was typed', async ({ page, context }) => {
  test.setTimeout(60_000)
  const errors = collectPageErrors(page)
  await context.addInitScript(() => {
    localStorage.setItem('robota.playground.settings', JSON.stringify({ theme: 'dark' }))
    // Notes the theme the prerendered root takes once the page's script runs.
    new MutationObserver((records, observer) => {
      const prerendered = document.querySelector('.robota-root')
      if (!prerendered) return
      observer.disconnect()
      Object.assign(window, { prerenderedRoot: prerendered })
      new MutationObserver(() => Object.assign(window, { prerenderedTheme: prerendered.getAttribute('data-theme') })).observe(prerendered, { attributes: true, attributeFilter: ['data-theme'] })
    }).observe(document, { childList: true, subtree: true })
  })
  await typeBeforeTheScript(page, context, 'Typed early')
  await expect(page.getByLabel('Prompt')).toHaveValue('Typed early')
  // No moment of the default theme once the script runs: the hydrated root is the prerendered one.
  expect(await page.evaluate(() => (window as Window & { prerenderedTheme?: string }).prerenderedTheme)).toBe('dark')
  await expect(page.getByRole('button', { name: 'Theme: dark. Switch to system' })).toBeVisible()
  // Hydrated, not rendered anew: the app's root is the element the HTML arrived with.
  expect(await page.evaluate(() => document.querySelector('.robota-root') === (window as Window & { prerenderedRoot?: Element }).prerenderedRoot)).toBe(true)
  expect(errors).toEqual([])
})
