import { expect, test } from '@playwright/test'
import { expectSessionOpen } from './playground-fixtures.ts'

test('a prompt streams through the worker, runs Bash in the sandbox, lists replay events and survives a reload', async ({ page }) => {
  await page.goto('/')
  const promptBox = page.getByLabel('Prompt')
  await expectSessionOpen(page)

  // The worker really is a Worker, not the host running in the page.
  expect(page.workers().length).toBeGreaterThan(0)

  // Record every text the streaming bubble shows, however briefly it is on screen.
  await page.evaluate(() => {
    const seen: string[] = []
    Object.assign(window, { streamedTexts: seen })
    new MutationObserver(() => {
      const text = document.querySelector('[aria-label="Assistant (streaming)"]')?.textContent
      if (text && seen.at(-1) !== text) seen.push(text)
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })

  await promptBox.fill('What is in this workspace?')
  await page.getByRole('button', { name: 'Send' }).click()

  const conversation = page.getByRole('region', { name: 'Conversation' })
  await expect(conversation.getByLabel('You')).toHaveText('What is in this workspace?')

  // The Bash results came from the in-memory sandbox seeded with the sample workspace.
  const bashResults = conversation.getByLabel('Bash result')
  await expect(bashResults.first()).toContainText('README.md')
  await expect(bashResults.first()).toContainText('package.json')

  // `ls` is allowed by the playground's rules; reading a file asks first.
  const prompt = page.getByRole('alertdialog', { name: 'Allow Bash?' })
  await expect(prompt).toContainText('cat README.md')
  await prompt.getByRole('button', { name: 'Allow once' }).click()
  await expect(prompt).toHaveCount(0)
  await expect(bashResults.nth(1)).toContainText('# Tiny Calculator')

  const finalAnswer = conversation.getByLabel('Assistant').last()
  await expect(finalAnswer).toContainText('Its README is titled "Tiny Calculator"')
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()

  // The answer arrived piece by piece: the bubble grew through several partial texts.
  const streamed = await page.evaluate(() => (window as unknown as { streamedTexts: string[] }).streamedTexts)
  expect(streamed.length).toBeGreaterThan(3)
  expect(streamed.some((text) => text.startsWith('The workspace holds') && !text.includes('offline demo model'))).toBe(true)

  const replay = page.getByRole('complementary', { name: 'Replay events' })
  for (const type of ['provider_request', 'provider_stream_raw_delta', 'tool_execution_request', 'tool_execution_result', 'assistant_message_committed', 'history_mutation', 'permission_request', 'permission_decision']) {
    await expect(replay.locator(`li[data-type="${type}"]`).first()).toBeVisible()
  }
  const eventCount = await replay.locator('li').count()
  expect(eventCount).toBeGreaterThan(20)

  await page.reload()

  await expect(conversation.getByLabel('You')).toHaveText('What is in this workspace?')
  await expect(conversation.getByLabel('Assistant').last()).toContainText('Its README is titled "Tiny Calculator"')
  await expect(conversation.getByLabel('Bash result').nth(1)).toContainText('# Tiny Calculator')
  await expect(replay.locator('li')).toHaveCount(eventCount)
  await expect(page.getByRole('navigation', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(1)
})
