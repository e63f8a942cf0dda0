import { expect, test, type Page } from '@playwright/test'
import { chooseProvider, collectPageErrors, expectSessionOpen, openPlayground, runDemoTurn, saveScreenshot } from './playground-fixtures.ts'

const EXPLAIN_SKILL = '---\ndescription: Explain a file line by line\nargument-hint: <file>\n---\nExplain $ARGUMENTS to a newcomer.\n'

/** Puts a skill into the session's sandbox through a workspace manifest, as a user would. */
async function addSkill(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Workspace' }).click()
  const manifest = page.getByRole('region', { name: 'Workspace manifest' })
  const entries = { '.agents/skills/explain/SKILL.md': { type: 'file', content: EXPLAIN_SKILL } }
  await manifest.getByLabel('Manifest JSON').fill(JSON.stringify({ entries }, null, 2))
  await manifest.getByRole('button', { name: 'Apply to sandbox' }).click()
  await expect(manifest.getByRole('table', { name: 'Manifest result' })).toContainText('applied')
}

test('slash commands: autocomplete from the session’s commands and skills, keyboard use, and results in the conversation', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  await addSkill(page)

  const prompt = page.getByLabel('Prompt')
  const combobox = page.getByRole('combobox', { name: 'Composer' })
  const list = page.getByRole('listbox', { name: 'Commands' })
  await prompt.fill('/')
  await expect(combobox).toHaveAttribute('aria-expanded', 'true')
  await expect(list.getByRole('option', { name: /\/help/ })).toContainText('Show available commands')
  await expect(list.getByRole('option', { name: /\/explain/ })).toContainText('Explain a file line by line')
  await expect(list.getByRole('option', { name: /\/explain/ })).toContainText('skill')
  await saveScreenshot(page, 'playground-slash-commands')

  // Filters as you type; arrows move the active option; Enter takes it without sending.
  await prompt.pressSequentially('co')
  await expect(list.getByRole('option')).toHaveText([/\/compact/, /\/cost/, /\/context/])
  await prompt.press('ArrowDown')
  await expect(list.getByRole('option', { name: /\/cost/ })).toHaveAttribute('aria-selected', 'true')
  await expect(prompt).toHaveAttribute('aria-activedescendant', (await list.getByRole('option', { name: /\/cost/ }).getAttribute('id')) ?? '')
  await prompt.press('Escape')
  await expect(combobox).toHaveAttribute('aria-expanded', 'false')
  await prompt.fill('')
  await prompt.pressSequentially('/he')
  await expect(list.getByRole('option')).toHaveText([/\/help/])
  await prompt.press('Enter')
  await expect(prompt).toHaveValue('/help ')
  await prompt.press('Enter')

  const results = page.getByRole('region', { name: 'Command results' })
  await expect(results.locator('.command-entry').last()).toContainText('/compact — Compress the context window')
  await expect(results.locator('.command-entry').last()).toContainText('/explain — Explain a file line by line')

  await prompt.fill('/nope')
  await prompt.press('Escape')
  await prompt.press('Enter')
  await expect(results.locator('.command-entry').last()).toContainText('Unknown command /nope.')

  // A skill runs as a turn of the session, with the real tools in the sandbox.
  await prompt.fill('/explain README.md')
  await prompt.press('Enter')
  await page.getByRole('alertdialog', { name: 'Allow Bash?' }).getByRole('button', { name: 'Allow once' }).click()
  await expect(results.locator('.command-entry').last()).toContainText('Ran the skill /explain')
  await expect(page.getByRole('region', { name: 'Conversation' }).getByLabel('You').last()).toContainText('Explain README.md to a newcomer.')
  expect(errors).toEqual([])
})

test('compaction: /compact shows its progress, then the result, and the conversation becomes the summary', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  await runDemoTurn(page)
  // The meter's value (its aria-valuenow): the engine's figure for the context as it stands.
  const meter = page.getByRole('meter', { name: 'Context' })
  const used = () => meter.evaluate((element) => (element as HTMLMeterElement).value)
  await expect.poll(used).toBeGreaterThan(0)
  const beforeCompaction = await used()

  // The progress line can be brief: record every status text that appears while it runs.
  await page.evaluate(() => {
    const seen: string[] = []
    ;(window as unknown as { statusTexts: string[] }).statusTexts = seen
    new MutationObserver(() => {
      for (const element of document.querySelectorAll('[role="status"]')) seen.push(element.textContent ?? '')
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
  const prompt = page.getByLabel('Prompt')
  await prompt.fill('/compact keep the file names')
  await prompt.press('Escape')
  await prompt.press('Enter')

  const results = page.getByRole('region', { name: 'Command results' })
  await expect(results.locator('.command-entry').last()).toContainText(/Compacted 6 messages into a summary \(.+ → .+ tokens\)/)
  // Said once, by the command's own answer: no second notice repeats it.
  await expect(results.locator('.compaction-result')).toHaveCount(0)
  // The figure drops as the command finishes, not one command later.
  await expect.poll(used, { timeout: 1000 }).toBeLessThan(beforeCompaction)
  const afterCompaction = await used()
  const conversation = page.getByRole('region', { name: 'Conversation' })
  // What the model reads now: the summary, folded, and no prompt of the person's.
  await expect(conversation.getByLabel('You')).toHaveCount(0)
  const summary = conversation.locator('details.compact-summary')
  await expect(summary).toHaveCount(1)
  await summary.getByText('Earlier conversation, summarized').click()
  await expect(summary).toContainText('This session continues an earlier conversation that was compacted.')
  await expect(conversation.getByLabel('Assistant')).toHaveCount(0)
  const statuses = await page.evaluate(() => (window as unknown as { statusTexts: string[] }).statusTexts)
  expect(statuses.some((text) => text.includes('Compacting the conversation…'))).toBe(true)
  await saveScreenshot(page, 'playground-compaction')

  // The replay panel shows the compaction like every other recorded event.
  await page.getByRole('tab', { name: 'Replay' }).click()
  const replay = page.getByRole('complementary', { name: 'Replay events' })
  await expect(replay.locator('li[data-type="compaction"]')).toHaveCount(1)
  await expect(replay.locator('li[data-type="history_replaced"]')).toHaveCount(1)

  // /clear empties the conversation, and the compaction notice about it goes with it.
  await prompt.fill('/clear')
  await prompt.press('Escape')
  await prompt.press('Enter')
  await expect(conversation.locator('details.compact-summary')).toHaveCount(0)
  await expect(results.getByRole('status').filter({ hasText: 'was compacted' })).toHaveCount(0)
  await expect.poll(used, { timeout: 1000 }).toBeLessThan(afterCompaction)
  expect(errors).toEqual([])
})

test('/resume hands the keyboard to the Sessions list; /reset puts the settings back and forgets remembered keys', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  const key = 'sk-test-remembered-0123456789abcdef'
  await chooseProvider(page, { provider: 'OpenAI', apiKey: key, remember: true })
  expect(await page.evaluate(() => localStorage.getItem('robota.playground.settings'))).toContain(key)

  const prompt = page.getByLabel('Prompt')
  const results = page.getByRole('region', { name: 'Command results' })
  await prompt.fill('/resume')
  await prompt.press('Escape')
  await prompt.press('Enter')
  await expect(results.locator('.command-entry').last()).toContainText('The Sessions list has the focus')
  const sessions = page.getByRole('navigation', { name: 'Sessions' })
  await expect(sessions.locator('.session-open[aria-current="true"]')).toBeFocused()

  await prompt.fill('/reset')
  await prompt.press('Escape')
  await prompt.press('Enter')
  await expect(results.locator('.command-entry').last()).toContainText('Settings are back to their defaults')
  const saved = await page.evaluate(() => localStorage.getItem('robota.playground.settings'))
  expect(saved).not.toContain(key)
  expect(JSON.parse(saved ?? '{}')).toMatchObject({ providerKind: 'offline-demo', rememberKeys: false, permissionMode: 'default' })
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  await expect(page.getByRole('dialog', { name: 'Settings' }).getByLabel('Provider')).toHaveValue('offline-demo')
  expect(errors).toEqual([])
})

test('/mode changes what the settings and the header say: plan mode shows in both, and Settings can put it back', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  await expect(page.getByRole('button', { name: /^mode: / })).toHaveCount(0)
  const prompt = page.getByLabel('Prompt')
  await prompt.fill('/mode plan')
  await prompt.press('Escape')
  await prompt.press('Enter')
  await expect(page.getByRole('region', { name: 'Command results' }).locator('.command-entry').last()).toContainText('Permission mode set to plan.')
  await expect(page.getByRole('button', { name: 'mode: plan. Open Settings' })).toBeVisible()

  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Settings' })
  await expect(dialog.getByLabel('Permission mode')).toHaveValue('plan')
  await dialog.getByLabel('Permission mode').selectOption('default')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('button', { name: /^mode: / })).toHaveCount(0)
  await prompt.fill('/mode')
  await prompt.press('Escape')
  await prompt.press('Enter')
  await expect(page.getByRole('region', { name: 'Command results' }).locator('.command-entry').last()).toContainText('Permission mode: default')
  expect(errors).toEqual([])
})

test('/model on the offline demo is refused and changes nothing; command answers are still there after a reload', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  const prompt = page.getByLabel('Prompt')
  const results = page.getByRole('region', { name: 'Command results' })
  const meter = page.getByRole('meter', { name: 'Context' })
  const capacity = () => meter.evaluate((element) => (element as HTMLMeterElement).max)
  const capacityBefore = await capacity()

  await prompt.fill('/model gpt-4o')
  await prompt.press('Escape')
  await prompt.press('Enter')
  await expect(results.locator('.command-entry').last()).toContainText('The offline demo has one model, offline-demo; to talk to gpt-4o, choose its provider in Settings.')
  await expect(page.getByRole('button', { name: /^Offline demo model/ })).toBeVisible()
  expect(await capacity()).toBe(capacityBefore)

  await prompt.fill('/help')
  await prompt.press('Escape')
  await prompt.press('Enter')
  await expect(results.locator('.command-entry').last()).toContainText('/compact — Compress the context window')

  await page.reload()
  await expectSessionOpen(page)
  await expect(results.locator('.command-entry')).toHaveCount(2)
  await expect(results.locator('.command-entry').first()).toContainText('/model gpt-4o')
  await expect(results.locator('.command-entry').last()).toContainText('/compact — Compress the context window')
  // Read back, they wait folded on one line, out of the conversation's way, and open on a click.
  const earlier = results.getByText('2 results from before the reload: /model gpt-4o, /help')
  await expect(earlier).toBeVisible()
  await expect(results.locator('.command-entry').first()).toBeHidden()
  expect((await results.boundingBox())?.height).toBeLessThan(80)
  await earlier.click()
  await expect(results.locator('.command-entry').last()).toBeVisible()
  // The conversation moving on lets go of them, after a reload as before it.
  await runDemoTurn(page)
  await expect(results).toHaveCount(0)
  await page.reload()
  await expectSessionOpen(page)
  await expect(results).toHaveCount(0)
  expect(errors).toEqual([])
})
