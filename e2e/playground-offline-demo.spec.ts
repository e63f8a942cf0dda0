import { expect, test } from '@playwright/test'
import { collectPageErrors, openPlayground, runDemoTurn, saveScreenshot, sendPrompt } from './playground-fixtures.ts'

test('the offline demo: a scripted model labelled as such, a permission prompt, tool cards and the replay timeline', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  await expect(page.getByRole('button', { name: /Model: offline demo, scripted/ })).toBeVisible()
  await expect(page.getByRole('meter')).toBeVisible()

  await sendPrompt(page, 'What is in this workspace?')
  const permission = page.getByRole('alertdialog', { name: 'Allow Bash?' })
  await expect(permission).toContainText('cat README.md')
  // The prompt takes focus, so a keyboard user answers it at once.
  await expect(permission.getByRole('button', { name: 'Allow once' })).toBeFocused()
  await saveScreenshot(page, 'playground-permission-prompt')
  await page.keyboard.press('Enter')

  const conversation = page.getByRole('region', { name: 'Conversation' })
  await expect(conversation.getByLabel('Assistant').last()).toContainText('Its README is titled "Tiny Calculator"')
  const lsCard = conversation.getByRole('region', { name: 'Tool call Bash' }).first()
  await lsCard.getByText('Arguments').click()
  await expect(lsCard.getByLabel('Bash arguments')).toContainText('"command": "ls"')

  // Replay: grouped by turn and round, filterable by type, each event open in the inspector.
  const replay = page.getByRole('complementary', { name: 'Replay events' })
  await expect(replay.getByRole('region', { name: 'Turn 1' })).toContainText('What is in this workspace?')
  await expect(replay.getByRole('heading', { name: 'round 3' })).toBeVisible()
  const deltas = replay.locator('li[data-type="provider_stream_raw_delta"]')
  expect(await deltas.count()).toBeGreaterThan(5)
  await replay.getByRole('group', { name: 'Filter events by type' }).getByRole('button', { name: /^provider_stream_raw_delta/ }).click()
  await expect(deltas).toHaveCount(0)
  await replay.locator('li[data-type="tool_execution_result"]').first().getByRole('button').click()
  const inspector = replay.getByRole('region', { name: 'Event inspector' })
  await expect(inspector).toContainText('tool_execution_result')
  await expect(inspector).toContainText('README.md')
  await saveScreenshot(page, 'playground-offline-demo')

  // Keyboard: the side panel's tabs move with the arrow keys.
  await page.getByRole('tab', { name: 'Replay' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'Workspace' })).toHaveAttribute('aria-selected', 'true')
  await page.getByRole('tab', { name: 'Replay' }).click()

  // Dark theme, and a second turn queued behind a running one.
  await page.getByRole('button', { name: /^Theme: system/ }).click()
  await page.getByRole('button', { name: /^Theme: light/ }).click()
  await expect(page.locator('.robota-root')).toHaveAttribute('data-theme', 'dark')
  await sendPrompt(page, 'And now?')
  await page.getByLabel('Prompt').fill('One more')
  await page.getByRole('button', { name: 'Queue' }).click()
  await expect(page.getByRole('region', { name: 'Up next' })).toContainText('One more')
  await page.getByRole('alertdialog', { name: 'Allow Bash?' }).getByRole('button', { name: 'Allow once' }).click()
  await expect(conversation.getByLabel('You')).toHaveCount(3)
  await page.getByRole('alertdialog', { name: 'Allow Bash?' }).getByRole('button', { name: 'Allow once' }).click()
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()
  await expect(conversation.getByLabel('Assistant').last()).toContainText('Tiny Calculator')
  await saveScreenshot(page, 'playground-dark')
  expect(errors).toEqual([])
})

test('abort stops a running turn and the conversation says so', async ({ page }) => {
  await openPlayground(page)
  await sendPrompt(page, 'What is in this workspace?')
  await expect(page.getByRole('alertdialog', { name: 'Allow Bash?' })).toBeVisible()
  await page.getByLabel('Prompt').press('Escape')
  await expect(page.getByRole('alertdialog', { name: 'Allow Bash?' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Conversation' }).getByLabel('Bash result').last()).toContainText(/denied|interrupted|abort/i)
})
