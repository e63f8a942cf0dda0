import { expect, test, type Page } from '@playwright/test'
import { collectPageErrors, openPlayground, sendPrompt } from './playground-fixtures.ts'
import { agentWorker, expectIdle } from './worker-fixtures.ts'

test("a subagent run is folded under the session that started it, its permission prompt says who asks, and it goes with that session's delete", async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  const conversation = page.getByRole('region', { name: 'Conversation' })
  const list = page.getByRole('navigation', { name: 'Sessions' })
  const rows = list.locator(':scope > ul > li')
  await expect(rows).toHaveCount(1)

  // The offline demo hands the tour to an Explore subagent, whose `cat README.md` asks first.
  await sendPrompt(page, 'Delegate the tour to a subagent')
  const permission = page.getByRole('alertdialog')
  const done = conversation.getByLabel('Assistant').last().filter({ hasText: 'The Explore subagent reported' })
  const runs = list.locator('details.subagent-runs')
  const asked: string[] = []
  for (;;) {
    await expect(permission.or(done).first()).toBeVisible({ timeout: 15_000 })
    if (!(await permission.isVisible())) break
    const question = (await permission.locator('p').first().textContent()) ?? ''
    // Listed as it starts, folded under its parent, while it waits: it can be opened as it runs.
    if (question.startsWith('Explore (subagent)')) await expect(runs.locator('summary')).toHaveText('1 subagent run')
    asked.push(question)
    await permission.getByRole('button', { name: 'Allow once' }).click()
    await expect(permission).toHaveCount(0)
  }
  expect(asked).toContainEqual(expect.stringMatching(/^Explore \(subagent\) wants to run Bash: cat README\.md/))
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()

  // One row: the run is folded under its parent, not listed beside it, also after a reload.
  await page.reload()
  await expect(rows).toHaveCount(1)
  await expect(runs.locator('summary')).toHaveText('1 subagent run')
  await expect(runs).not.toHaveAttribute('open')
  const run = list.getByRole('button', { name: /^Explore: explore the workspace/ })
  await expect(run).toBeHidden()
  // The keyboard opens it: the summary is a tab stop, Enter unfolds the runs.
  await runs.locator('summary').focus()
  await page.keyboard.press('Enter')
  await expect(runs).toHaveAttribute('open')
  await expect(run).toBeVisible()

  // The run opens like any session, with its own conversation.
  await run.click()
  await expect(run).toHaveAttribute('aria-current', 'true')
  await expect(conversation.getByLabel('You').first()).toContainText('Look around the workspace')

  // Back to the parent, the runs stay open as the person left them, and on screen through a rename.
  const parent = rows.first().locator('.session-open').first()
  await parent.click()
  await expect(parent).toHaveAttribute('aria-current', 'true')
  await expect(runs).toHaveAttribute('open')
  await list.getByRole('button', { name: /^Rename Delegate the tour/ }).click()
  await expect(list.getByRole('textbox', { name: /^New name for Delegate the tour/ })).toBeFocused()
  await expect(run).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(runs).toHaveAttribute('open')

  // Deleting the parent takes the run with it.
  await list.getByRole('button', { name: /^Delete Delegate the tour/ }).click()
  await expect(list.getByRole('group', { name: 'Confirm delete' })).toContainText('Delete with its files, subagent runs and log?')
  await list.getByRole('button', { name: 'Delete for good' }).click()
  await expect(list.getByText(/^Explore: /)).toHaveCount(0)
  await expect(list.getByText(/^Delegate the tour/)).toHaveCount(0)
  await expect(rows).toHaveCount(1)
  expect(errors).toEqual([])
})

/** Delegates the tour and opens the subagent run from the list while its first Bash call waits for approval. */
async function openRunWhileItWaits(page: Page) {
  await openPlayground(page)
  const conversation = page.getByRole('region', { name: 'Conversation' })
  const list = page.getByRole('navigation', { name: 'Sessions' })
  await sendPrompt(page, 'Delegate the tour to a subagent')
  const permission = page.getByRole('alertdialog')
  await expect(permission).toContainText('Explore (subagent) wants to run Bash', { timeout: 15_000 })
  // Listed as it started: opened while it waits, it shows what it did so far.
  await list.locator('details.subagent-runs summary').click()
  await list.getByRole('button', { name: /^Explore: explore the workspace/ }).click()
  await expect(conversation.getByLabel('You').first()).toContainText('Look around the workspace')
  return { conversation, list, permission }
}

test('a subagent run opened while it runs asks its approval there and streams its answer in, and its parent goes on', async ({ page }) => {
  const errors = collectPageErrors(page)
  const { conversation, list, permission } = await openRunWhileItWaits(page)
  // It asks there too.
  await expect(permission).toContainText('Explore (subagent) wants to run Bash: cat README.md')
  await permission.getByRole('button', { name: 'Allow once' }).click()
  await expect(permission).toHaveCount(0)
  // Its answer reaches this view as the run writes it, with no reopening.
  await expect(conversation.getByLabel('Assistant').last()).toContainText('Tiny Calculator', { timeout: 10_000 })

  // The parent was answered too: its turn ends with the run's report and no prompt left.
  await list.locator(':scope > ul > li').first().locator('.session-open').first().click()
  await expect(conversation.getByLabel('Assistant').last()).toContainText('The Explore subagent reported', { timeout: 10_000 })
  await expect(permission).toHaveCount(0)
  expect(errors).toEqual([])
})

test('Stop in a subagent run opened while it runs stops the run alone, and its parent goes on', async ({ page }) => {
  const errors = collectPageErrors(page)
  const { conversation, list, permission } = await openRunWhileItWaits(page)
  // The run shows as running: Stop is its own.
  const stop = page.getByRole('button', { name: 'Stop' })
  await expect(stop).toBeEnabled()
  await stop.click()
  await expect(permission).toHaveCount(0)
  await expect(stop).toHaveCount(0)

  // The parent heard the run stop (its Agent call reads "stopped") and answered after it.
  await list.locator(':scope > ul > li').first().locator('.session-open').first().click()
  await expect(conversation.getByLabel('Assistant').last()).toContainText('The Explore subagent', { timeout: 10_000 })
  await expect(conversation.getByRole('region', { name: 'Tool call Agent' })).toContainText('stopped')
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0)
  await expect(conversation.getByText('Interrupted', { exact: true })).toHaveCount(0)
  expect(errors).toEqual([])
})

test("a worker killed while a subagent run is open says so in the run's view, which stops running and takes a prompt", async ({ page }) => {
  const { conversation, permission } = await openRunWhileItWaits(page)
  const stop = page.getByRole('button', { name: 'Stop' })
  await expect(stop).toBeEnabled()
  const replacement = page.waitForEvent('worker')
  await (await agentWorker(page)).evaluate(() => self.close())

  expect((await replacement).url()).toContain('agent-worker')
  await expect(page.getByRole('alert').filter({ hasText: 'interrupted' })).toContainText('agent worker stopped and was restarted')
  await expect(stop).toHaveCount(0)
  await expect(permission).toHaveCount(0)
  await expectIdle(page)
  // What the run had done before the worker went is still shown.
  await expect(conversation.getByLabel('You').first()).toContainText('Look around the workspace')
})
