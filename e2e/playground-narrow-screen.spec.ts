import { expect, test } from '@playwright/test'
import { collectPageErrors, expectSessionOpen, runDemoTurn } from './playground-fixtures.ts'

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
