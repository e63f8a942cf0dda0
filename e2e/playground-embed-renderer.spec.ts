import { expect, test, type Locator } from '@playwright/test'
import { expectSessionOpen } from './playground-fixtures.ts'

// The embed renders the playground's React components with Preact (preact/compat). Where the two
// renderers differ, the components do what React does in both: these are the differences found.

async function focusedInElement(element: Locator): Promise<string> {
  return element.evaluate((host) => {
    const focused = host.shadowRoot?.activeElement
    return focused ? `${focused.tagName.toLowerCase()} ${focused.getAttribute('aria-label') ?? focused.textContent ?? ''}` : 'nothing'
  })
}

test('in the embed, Rename focuses the name field and Delete focuses its confirmation, each time, as autoFocus does under React', async ({ page }) => {
  await page.goto('/embed/')
  const element = page.locator('robota-playground')
  await expectSessionOpen(element)
  const sessions = element.getByRole('navigation', { name: 'Sessions' })

  // The browser's own autofocus is honoured once per page, so the second field is the telling one.
  for (let round = 0; round < 2; round++) {
    await sessions.getByRole('button', { name: /^Rename / }).click()
    await expect.poll(() => focusedInElement(element)).toMatch(/^input New name for /)
    await page.keyboard.press('Escape')
    await sessions.getByRole('button', { name: /^Delete / }).click()
    await expect.poll(() => focusedInElement(element)).toBe('button Keep')
    await sessions.getByRole('button', { name: 'Keep', exact: true }).click()
  }
})

test('in the embed, the answer announcer’s live region changes once per committed reply, not with each render of a streamed turn', async ({ page }) => {
  await page.goto('/embed/')
  const element = page.locator('robota-playground')
  const promptBox = element.getByLabel('Prompt', { exact: true })
  await expectSessionOpen(element)
  const region = element.locator('.answer-announcer')
  await expect(region).toHaveAttribute('aria-live', 'polite')
  await region.evaluate((node) => {
    const counts = { changes: 0 }
    ;(window as unknown as { announcerChanges: typeof counts }).announcerChanges = counts
    new MutationObserver((records) => (counts.changes += records.length)).observe(node, { childList: true, characterData: true, subtree: true })
  })

  await promptBox.fill('What is in this workspace?')
  await element.getByRole('button', { name: 'Send', exact: true }).click()
  await element.getByRole('alertdialog', { name: 'Allow Bash?' }).getByRole('button', { name: 'Allow once' }).click()
  const conversation = element.getByRole('region', { name: 'Conversation' })
  await expect(conversation.getByLabel('Assistant').last()).toContainText('Its README is titled "Docs example"')
  await expect(element.getByRole('button', { name: 'Send', exact: true })).toBeVisible()

  const { changes } = await page.evaluate(() => (window as unknown as { announcerChanges: { changes: number } }).announcerChanges)
  // The demo's turn commits three replies that say something; dozens of renders stream between them.
  expect(changes).toBeGreaterThan(0)
  expect(changes).toBeLessThanOrEqual(3)
  await expect(region).toContainText('Its README is titled "Docs example"')
})
