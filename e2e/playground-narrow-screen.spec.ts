import { expect, test, type Locator, type Page } from '@playwright/test'
import { collectPageErrors, expectSessionOpen, runDemoTurn, sendPrompt } from './playground-fixtures.ts'

// On a phone's screen the page is one column that scrolls as a whole: the sessions, the chat,
// then the side panel. The prompt must not wait below the fold.

test('on a phone, the prompt is on screen from the start and while the chat is, and leaves the side panel alone', async ({ page }) => {
  const errors = collectPageErrors(page)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  await expectSessionOpen(page)
  const prompt = page.getByRole('textbox', { name: 'Prompt' })
  await expect(prompt).toBeInViewport({ ratio: 1 })

  await runDemoTurn(page)
  // The conversation outgrew the screen; scrolled back to its start, the prompt is still whole.
  await page.evaluate(() => window.scrollTo(0, 0))
  expect(await page.locator('.chat').evaluate((chat) => chat.getBoundingClientRect().bottom)).toBeGreaterThan(844)
  await expect(page.getByRole('region', { name: 'Conversation' })).toBeInViewport()
  await expect(prompt).toBeInViewport({ ratio: 1 })

  // At the bottom the side panel has the screen: the prompt stays above it, not over it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  const side = page.getByRole('complementary', { name: 'Replay events' })
  await expect(side).toBeInViewport()
  const promptBox = await page.locator('form.prompt').boundingBox()
  const sideBox = await page.locator('.side-panel').boundingBox()
  expect((promptBox?.y ?? 0) + (promptBox?.height ?? 0)).toBeLessThanOrEqual(sideBox?.y ?? 0)
  expect(errors).toEqual([])
})

test('on a phone, the command list shows each command and what it does, cutting neither', async ({ page }) => {
  const errors = collectPageErrors(page)
  await page.setViewportSize({ width: 375, height: 700 })
  await page.goto('/')
  await expectSessionOpen(page)
  await page.getByRole('textbox', { name: 'Prompt' }).fill('/')
  const options = page.getByRole('listbox', { name: 'Commands' }).getByRole('option')
  await expect(options.first()).toBeVisible()
  const cut = await options.evaluateAll((items) =>
    items.flatMap((item) =>
      [...item.querySelectorAll('.command-name, .command-description')].filter((part) => part.scrollWidth > part.clientWidth + 1 || part.getBoundingClientRect().width === 0).map((part) => part.textContent)
    )
  )
  expect(cut).toEqual([])
  expect(errors).toEqual([])
})

test('on a phone, the prompt box shows its whole placeholder, and a permission prompt’s buttons are big enough for a finger', async ({ page }) => {
  const errors = collectPageErrors(page)
  await page.setViewportSize({ width: 375, height: 667 })
  await page.goto('/')
  await expectSessionOpen(page)
  const prompt = page.getByRole('textbox', { name: 'Prompt' })
  // A placeholder cannot be measured, so the box is given its text: it must fit without scrolling.
  const placeholder = (await prompt.getAttribute('placeholder')) ?? ''
  expect(placeholder).not.toBe('')
  await prompt.fill(placeholder)
  expect(await prompt.evaluate((box) => box.scrollHeight - box.clientHeight)).toBeLessThanOrEqual(0)

  await prompt.fill('What is in this workspace?')
  await prompt.press('Enter')
  const buttons = page.getByRole('alertdialog', { name: 'Allow Bash?' }).getByRole('button')
  await expect(buttons).toHaveCount(3)
  for (const button of await buttons.all()) {
    const box = await button.boundingBox()
    expect({ name: await button.textContent(), tallEnough: (box?.height ?? 0) >= 44, wideEnough: (box?.width ?? 0) >= 44 }).toEqual({ name: await button.textContent(), tallEnough: true, wideEnough: true })
  }
  expect(errors).toEqual([])
})

// Every control a finger can reach in the views a person opens, measured as laid out: a checkbox
// counts by its label, which takes the tap.
async function controlsTooSmallForAFinger(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('button, summary, select, input, [role="tab"]')].flatMap((control) => {
      const target = control.matches('input[type="checkbox"], input[type="radio"]') ? control.closest('label') : control
      const box = target?.getBoundingClientRect()
      if (!target || !box || box.width === 0 || box.height === 0 || getComputedStyle(target).visibility === 'hidden') return []
      if (box.height >= 44 && box.width >= 44) return []
      return [`${control.getAttribute('aria-label') ?? target.textContent?.trim().slice(0, 40)} (${Math.round(box.width)}×${Math.round(box.height)})`]
    })
  )
}

test('on a phone, every button, disclosure, list box and field is big enough for a finger; a mouse keeps them compact', async ({ page }) => {
  const errors = collectPageErrors(page)
  await page.setViewportSize({ width: 375, height: 667 })
  await page.goto('/')
  await expectSessionOpen(page)
  const prompt = page.getByRole('textbox', { name: 'Prompt' })
  await prompt.fill('/help')
  await prompt.press('Escape')
  await prompt.press('Enter')
  await expect(page.getByRole('button', { name: 'Close command results' })).toBeVisible()
  expect(await controlsTooSmallForAFinger(page)).toEqual([])

  // A turn's tool cards, the Replay panel's charts and filters, the other tabs and both dialogs.
  await runDemoTurn(page)
  await expect(page.getByRole('button', { name: /^Show only / }).first()).toBeVisible()
  expect(await controlsTooSmallForAFinger(page)).toEqual([])
  for (const tab of ['Workspace', 'Plugins']) {
    await page.getByRole('tab', { name: tab }).click()
    expect({ tab, tooSmall: await controlsTooSmallForAFinger(page) }).toEqual({ tab, tooSmall: [] })
  }
  for (const [button, dialog] of [['Settings', 'Settings'], ['Session settings', 'Session settings']]) {
    await page.getByRole('button', { name: button, exact: true }).click()
    await expect(page.getByRole('dialog', { name: dialog })).toBeVisible()
    expect({ dialog, tooSmall: await controlsTooSmallForAFinger(page) }).toEqual({ dialog, tooSmall: [] })
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog', { name: dialog })).toBeHidden()
  }

  await page.getByRole('tab', { name: 'Replay' }).click()
  await page.setViewportSize({ width: 1440, height: 900 })
  const sessions = page.getByRole('navigation', { name: 'Sessions' })
  const compact = [sessions.getByRole('button', { name: /^Rename / }), sessions.getByRole('button', { name: 'New session' }), page.getByRole('button', { name: 'Session settings' }), page.getByRole('tab', { name: 'Replay' }), page.getByRole('button', { name: /^Show only / }).first()]
  const heights = await Promise.all(compact.map(async (control) => (await control.boundingBox())?.height ?? 0))
  expect(heights.filter((height) => height === 0 || height >= 44)).toEqual([])
  expect(errors).toEqual([])
})

test('on a phone, command results from before a reload wait folded on one line, beside Close', async ({ page }) => {
  const errors = collectPageErrors(page)
  await page.setViewportSize({ width: 375, height: 667 })
  await page.goto('/')
  await expectSessionOpen(page)
  const prompt = page.getByRole('textbox', { name: 'Prompt' })
  const results = page.getByRole('region', { name: 'Command results' })
  for (const line of ['/help', '/cost']) {
    await prompt.fill(line)
    await prompt.press('Escape')
    await prompt.press('Enter')
    // A command still running when the tab reloads is not kept: wait for its answer first.
    await expect(results.locator('.command-entry.succeeded')).toHaveCount(line === '/help' ? 1 : 2)
  }
  await page.reload()
  await expectSessionOpen(page)
  const summary = results.getByText('2 results from before the reload: /help, /cost')
  await expect(summary).toBeVisible()
  const close = results.getByRole('button', { name: 'Close command results' })
  // Measured together: the page may still scroll the results into view between two reads.
  const { summaryBox, closeBox, resultsBox } = await results.evaluate((region) => {
    const box = (element: Element | null) => element?.getBoundingClientRect().toJSON() as DOMRect
    return { summaryBox: box(region.querySelector('summary')), closeBox: box(region.querySelector('.command-log-close')), resultsBox: box(region) }
  })
  // One line: the summary sits beside Close, within its height, and the box is no taller than Close and its padding.
  expect({ besideClose: summaryBox.x + summaryBox.width <= closeBox.x, withinCloseRow: summaryBox.y >= closeBox.y && summaryBox.y + summaryBox.height <= closeBox.y + closeBox.height }).toEqual({ besideClose: true, withinCloseRow: true })
  expect(resultsBox.height).toBeLessThanOrEqual(closeBox.height + 8)

  // Opened, the results list below Close as the others do.
  await summary.click()
  await expect(results.locator('.command-entry').last()).toBeVisible()
  const openedCloseBox = await close.boundingBox()
  expect((await results.locator('.command-entry').first().boundingBox())?.y).toBeGreaterThan((openedCloseBox?.y ?? 0) + (openedCloseBox?.height ?? 0))
  expect(errors).toEqual([])
})

test('on a phone, a sent prompt brings the chat’s end on screen: the permission prompt, then the answer, just above the prompt box', async ({ page }) => {
  const errors = collectPageErrors(page)
  await page.setViewportSize({ width: 375, height: 667 })
  await page.goto('/')
  await expectSessionOpen(page)
  // A first visit keeps the page's top: the title and the sessions are what a newcomer reads first.
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  const promptTop = async () => (await page.locator('form.prompt').boundingBox())?.y ?? 0
  const onScreenAbovePrompt = async (locator: Locator) => {
    const box = await locator.boundingBox()
    return box !== null && box.y >= 0 && box.y + box.height <= (await promptTop()) + 1
  }

  await sendPrompt(page, 'What is in this workspace?')
  const allow = page.getByRole('alertdialog', { name: 'Allow Bash?' }).getByRole('button', { name: 'Allow once' })
  await expect(allow).toBeVisible()
  await expect.poll(() => onScreenAbovePrompt(allow)).toBe(true)
  await allow.click()
  const answer = page.getByRole('region', { name: 'Conversation' }).getByLabel('Assistant').last()
  await expect(answer).toContainText('Tiny Calculator')
  await expect.poll(() => onScreenAbovePrompt(answer.getByRole('button', { name: /^Copy/ }))).toBe(true)

  expect(errors).toEqual([])
})
