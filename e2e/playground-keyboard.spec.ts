import { expect, test } from '@playwright/test'
import { collectPageErrors, openPlayground } from './playground-fixtures.ts'

// The turn cycle by keyboard alone: where the focus is at each step, and what each key does there.

test('keyboard: the prompt box has the keyboard on load and after Alt+N; Esc in a permission prompt stops the turn; answering gives the keyboard back', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  const prompt = page.getByLabel('Prompt')
  await expect(prompt).toBeFocused()

  // Send by keyboard; the permission prompt takes the focus, and Esc there stops the turn.
  await page.keyboard.type('What is in this workspace?')
  await page.keyboard.press('Enter')
  const permission = page.getByRole('alertdialog', { name: 'Allow Bash?' })
  await expect(permission.getByRole('button', { name: 'Allow once' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(permission).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Conversation' }).getByLabel('Bash result').last()).toContainText(/denied|interrupted|abort/i)
  await expect(prompt).toBeFocused()

  // Answered with Enter, the prompt hands the keyboard back to the prompt box.
  await page.keyboard.type('Again, please')
  await page.keyboard.press('Enter')
  await expect(permission.getByRole('button', { name: 'Allow once' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(prompt).toBeFocused()
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()

  // A command typed out in full runs with one Enter.
  await page.keyboard.type('/help')
  await expect(page.getByRole('combobox', { name: 'Composer' })).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('region', { name: 'Command results' }).locator('.command-entry').last()).toContainText('/compact — Compress the context window')
  await expect(prompt).toHaveValue('')

  // A new session, and the prompt box is ready for it.
  await page.keyboard.press('Alt+N')
  await expect(page.getByRole('navigation', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(2)
  await expect(prompt).toBeFocused()
  expect(errors).toEqual([])
})

test('keyboard: the side panel’s tabs are one tab stop that the arrows, Home and End move along; the Settings dialog keeps Save in view at 900 px', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  const replayTab = page.getByRole('tab', { name: 'Replay' })
  const workspaceTab = page.getByRole('tab', { name: 'Workspace' })
  const pluginsTab = page.getByRole('tab', { name: 'Plugins' })
  await replayTab.focus()
  // Tab leaves the tab list for the open panel; only the open tab is in the Tab order.
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => document.activeElement?.closest('[role="tabpanel"]') !== null)).toBe(true)
  await page.keyboard.press('Shift+Tab')
  await expect(replayTab).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(workspaceTab).toBeFocused()
  await expect(workspaceTab).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'tab-workspace')
  await page.keyboard.press('End')
  await expect(pluginsTab).toBeFocused()
  await expect(pluginsTab).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Home')
  await expect(replayTab).toBeFocused()
  await expect(replayTab).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tablist').locator('[tabindex="0"]')).toHaveCount(1)

  // The dialog is taller than the window: its form scrolls, its buttons stay where they can be seen.
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Settings' })
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeInViewport({ ratio: 1 })
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 })
  const box = await dialog.boundingBox()
  expect((box?.y ?? 0) + (box?.height ?? Infinity)).toBeLessThanOrEqual(900)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  expect(errors).toEqual([])
})
