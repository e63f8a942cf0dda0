import { expect, test, type Locator, type Page } from '@playwright/test'
import { collectPageErrors, openPlayground } from './playground-fixtures.ts'

// The whole turn cycle with the keyboard alone, no clicks: at each step the focus is where the
// next key expects it, and the focused element shows that it has the focus.

/** Fails unless the focused element draws an outline or a box shadow. */
async function expectVisibleFocus(page: Page): Promise<void> {
  const focus = await page.evaluate(() => {
    const element = document.activeElement
    if (!element || element === document.body) return { element: 'body', outline: 'none', shadow: 'none' }
    const style = getComputedStyle(element)
    const outline = style.outlineStyle === 'none' || parseFloat(style.outlineWidth) === 0 ? 'none' : `${style.outlineStyle} ${style.outlineWidth}`
    return { element: element.outerHTML.slice(0, 80), outline, shadow: style.boxShadow }
  })
  expect(focus.outline !== 'none' || focus.shadow !== 'none', `no visible focus indicator on ${focus.element}`).toBe(true)
}

/** Presses `key` until `target` has the focus, failing after `limit` presses. */
async function moveFocusTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab', limit = 200): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return
    await page.keyboard.press(key)
  }
  await expect(target).toBeFocused()
}

test('keyboard only: type, send, answer a permission prompt, stop with Esc, open a replay event and export, with visible focus at each step', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  const prompt = page.getByLabel('Prompt')
  const conversation = page.getByRole('region', { name: 'Conversation' })

  // Focus starts at the prompt box.
  await expect(prompt).toBeFocused()
  await expectVisibleFocus(page)

  // Type and send; the permission prompt takes the keyboard, and Enter allows once.
  await page.keyboard.type('What is in this workspace?')
  await page.keyboard.press('Enter')
  const allow = page.getByRole('alertdialog', { name: 'Allow Bash?' }).getByRole('button', { name: 'Allow once' })
  await expect(allow).toBeFocused()
  await expectVisibleFocus(page)
  await page.keyboard.press('Enter')
  await expect(prompt).toBeFocused()
  await expectVisibleFocus(page)
  await expect(conversation.getByLabel('Assistant', { exact: true }).last()).toContainText('Tiny Calculator')
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()

  // A running turn stops with Esc where the keyboard is: here in the permission prompt it waits on.
  await page.keyboard.type('Again, please')
  await page.keyboard.press('Enter')
  await expect(allow).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('alertdialog', { name: 'Allow Bash?' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()
  await expect(conversation.getByLabel('Bash result').last()).toContainText(/denied|interrupted|abort/i)
  await expect(prompt).toBeFocused()
  await expectVisibleFocus(page)

  // Tab into the event log (one tab stop), arrow down to its first provider request, and open it in the inspector.
  const replay = page.getByRole('complementary', { name: 'Replay events' })
  const eventLog = replay.getByRole('list', { name: 'Events' })
  await moveFocusTo(page, eventLog.locator('button[tabindex="0"]'), 'Tab')
  await expectVisibleFocus(page)
  const request = replay.locator('li[data-type="provider_request"]').first().getByRole('button')
  for (let presses = 0; presses < 20 && !(await request.evaluate((element) => element === document.activeElement)); presses += 1) await page.keyboard.press('ArrowDown')
  await expect(request).toBeFocused()
  await expectVisibleFocus(page)
  await page.keyboard.press('Enter')
  await expect(replay.getByRole('region', { name: 'Event inspector' }).getByRole('heading', { name: /provider_request/ })).toBeVisible()
  await expect(request).toBeFocused()

  // Back to Export JSONL and export the session.
  const exportButton = replay.getByRole('button', { name: 'Export JSONL' })
  await moveFocusTo(page, exportButton, 'Shift+Tab')
  await expectVisibleFocus(page)
  const downloading = page.waitForEvent('download')
  await page.keyboard.press('Enter')
  expect((await downloading).suggestedFilename()).toMatch(/\.jsonl$/)
  await expect(exportButton).toBeFocused()
  await expectVisibleFocus(page)
  expect(errors).toEqual([])
})
