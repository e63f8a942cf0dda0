import { expect, test } from '@playwright/test'
import { distanceFromBottom, expectAtBottom, overflows } from './chat-scroll.ts'
import { collectPageErrors, runDemoTurn, expectSessionOpen, sendPrompt } from './playground-fixtures.ts'

// The chat follows streamed output, tool cards included, until the reader scrolls up; then it
// stays put and offers a jump back, which follows again.

test('the conversation follows every turn to its end, and stops following when the reader scrolls up', async ({ page }) => {
  test.setTimeout(90_000)
  const errors = collectPageErrors(page)
  // A short window, so two demo turns hold more than it shows.
  await page.setViewportSize({ width: 1200, height: 560 })
  await page.goto('/')
  await expectSessionOpen(page)
  const conversation = page.getByRole('region', { name: 'Conversation' })

  await runDemoTurn(page)
  await runDemoTurn(page, 'And once more?')
  expect(await overflows(page)).toBe(true)
  await expectAtBottom(page)
  await expect(page.getByRole('button', { name: 'Jump to latest' })).toHaveCount(0)

  // The reader scrolls up, then sends a prompt: the view comes down to show it.
  await conversation.hover()
  await page.mouse.wheel(0, -600)
  await expect(page.getByRole('button', { name: 'Jump to latest' })).toBeVisible()
  await sendPrompt(page, 'A third time?')
  await expect(page.getByRole('button', { name: 'Jump to latest' })).toHaveCount(0)
  await expectAtBottom(page)

  // Scrolled up while the turn waits for approval, the turn's output no longer moves the view.
  const permission = page.getByRole('alertdialog', { name: 'Allow Bash?' })
  await expect(permission).toBeVisible()
  await conversation.hover()
  await page.mouse.wheel(0, -600)
  await expect(page.getByRole('button', { name: 'Jump to latest' })).toBeVisible()
  const away = await distanceFromBottom(page)
  expect(away).toBeGreaterThan(100)
  await permission.getByRole('button', { name: 'Allow once' }).click()
  await expect(conversation.getByLabel('Assistant').last()).toContainText('Tiny Calculator')
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()
  expect(await distanceFromBottom(page)).toBeGreaterThan(away)

  // The jump brings the newest output back, and the view follows the next turn again.
  await page.getByRole('button', { name: 'Jump to latest' }).click()
  await expectAtBottom(page)
  await expect(page.getByRole('button', { name: 'Jump to latest' })).toHaveCount(0)
  await runDemoTurn(page, 'A fourth time?')
  await expectAtBottom(page)
  expect(errors).toEqual([])
})
