import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { recordSuiteTotal } from '../lib/testing/suite-totals.ts'
import { collectPageErrors, openPlayground, runDemoTurn, saveScreenshot } from './playground-fixtures.ts'

// Pictures of a run in the replay panel, on the offline demo's turn: `ls` (allowed by a rule),
// `cat README.md` (allowed once), then the answer: three model calls and two tool calls.

async function seriousAxeViolations(page: Page, view: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('.replay').analyze()
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
  recordSuiteTotal('playground accessibility', 'accessibilityViolations', serious.length)
  return serious.map((violation) => `${view}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

test('run timeline: the turn’s model and tool calls as bars on a time axis; a bar opens its event; tokens per turn as a chart and a table', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  await runDemoTurn(page)
  const replay = page.getByRole('complementary', { name: 'Replay events' })
  const turn = replay.getByRole('region', { name: 'Run timeline' }).getByRole('group', { name: /^Timeline of turn 1/ })
  await expect(turn).toContainText('What is in this workspace?')
  const modelCalls = turn.getByRole('button', { name: /^Model call, \d/ })
  const toolCalls = turn.getByRole('button', { name: /^Bash, \d/ })
  await expect(turn.getByRole('button', { name: /^Round \d, \d/ })).toHaveCount(3)
  await expect(modelCalls).toHaveCount(3)
  await expect(toolCalls).toHaveCount(2)
  // Each bar says how long it took, in its name; the tooltip says what it did.
  await expect(toolCalls.first()).toHaveAccessibleName(/^Bash, \d+(\.\d+)? (ms|s)$/)
  await toolCalls.nth(1).hover()
  // The demo's `cat` asked for approval: the bar starts at the answer, and says how long that took.
  await expect(turn.getByRole('tooltip')).toHaveText(/^cat README\.md \(ok, after \d+(\.\d+)? (ms|s) waiting for approval\)\. Starts at \d+(\.\d+)? (ms|s), events #\d+–#\d+\.$/)
  await saveScreenshot(page, 'playground-run-timeline')

  const inspector = replay.getByRole('region', { name: 'Event inspector' })
  await toolCalls.first().click()
  await expect(toolCalls.first()).toHaveAttribute('aria-pressed', 'true')
  await expect(inspector.getByRole('heading')).toHaveText(/^#\d+ tool_execution_request$/)
  await expect(inspector).toContainText('"ls"')
  await modelCalls.nth(1).click()
  await expect(inspector.getByRole('heading')).toHaveText(/^#\d+ provider_request$/)
  await expect(toolCalls.first()).toHaveAttribute('aria-pressed', 'false')

  // The bars are one tab stop: Tab goes on past them, the arrows move among them and Enter opens one.
  await expect(turn.locator('button[tabindex="0"]')).toHaveCount(1)
  await replay.getByText('Run timeline', { exact: true }).focus()
  await page.keyboard.press('Tab')
  await expect(modelCalls.nth(1)).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(replay.getByText('Tokens and cost per turn', { exact: true })).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Home')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(toolCalls.first()).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(inspector.getByRole('heading')).toHaveText(/^#\d+ tool_execution_request$/)

  // The demo model reports no usage, so the chart estimates from the text and names no price.
  const usage = replay.getByRole('region', { name: 'Tokens and cost per turn' })
  await expect(usage.getByRole('img')).toHaveAccessibleName(/^Tokens per turn: turn 1, about [1-9]\d* input and [1-9]\d* output tokens\.$/)
  await usage.getByText('Tokens and cost as a table').click()
  const row = usage.getByRole('row', { name: /^1 offline-demo/ })
  await expect(row.getByRole('cell')).toHaveText([/^≈[1-9][\d,]*$/, '≈0', '≈0', /^≈[1-9][\d,]*$/, 'no price listed'])

  // A re-run that does what the recording did says so, with nothing to set side by side.
  await replay.getByRole('button', { name: 'Re-run offline' }).click()
  await expect(replay.getByRole('status', { name: 'Replay log status' })).toContainText('Re-run matches the recording', { timeout: 30_000 })
  const compared = replay.getByRole('region', { name: 'Recording and re-run compared' })
  await expect(compared).toContainText('Nothing differs.')
  await expect(compared.getByRole('table')).toHaveCount(0)
  expect(await seriousAxeViolations(page, 'timeline, chart and table')).toEqual([])
  expect(errors).toEqual([])
})

test('a re-run that differs from its recording: the two event sequences side by side from the first difference, differing rows marked', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  // A file put in the session's sandbox by hand: the recording's `ls` lists it, while the re-run's
  // fresh sandbox, made from the workspace manifest, does not have it.
  await page.getByRole('tab', { name: 'Workspace' }).click()
  await page.getByLabel('Files to upload').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('added by hand\n') })
  await expect(page.getByRole('status').filter({ hasText: 'Uploaded notes.txt' })).toBeVisible()
  await page.getByRole('tab', { name: 'Replay' }).click()
  await runDemoTurn(page)

  const replay = page.getByRole('complementary', { name: 'Replay events' })
  await replay.getByRole('button', { name: 'Re-run offline' }).click()
  await expect(replay.getByRole('alert', { name: 'Replay log status' })).toContainText('Re-run differs from the recording', { timeout: 30_000 })
  const compared = replay.getByRole('region', { name: 'Recording and re-run compared' })
  await expect(compared).toContainText(/First difference at recorded event #\d+, re-run event #\d+: Replay diverged/)
  const table = compared.getByRole('table')
  await expect(table.getByRole('columnheader')).toHaveText(['Difference', /^Recorded \(\d+\)$/, /^Re-run \(\d+\)$/])
  // The first differing row: `ls` listed notes.txt when recorded, not when re-run.
  const first = table.locator('tr.changed').first()
  await expect(first.getByRole('cell').nth(0)).toHaveText('≠differs')
  await expect(first.getByRole('cell').nth(1)).toContainText(/tool_execution_result Bash ok: .*notes\.txt/)
  await expect(first.getByRole('cell').nth(2)).toContainText('tool_execution_result Bash ok')
  await expect(first.getByRole('cell').nth(2)).not.toContainText('notes.txt')
  // The identical stretch before it is folded into a count.
  await expect(table.getByRole('row', { name: /identical events?$/ }).first()).toBeVisible()
  await compared.scrollIntoViewIfNeeded()
  await saveScreenshot(page, 'playground-rerun-diff')
  await first.getByRole('button', { name: /^recorded event #\d+$/ }).click()
  await expect(replay.getByRole('region', { name: 'Event inspector' })).toContainText('notes.txt')
  expect(await seriousAxeViolations(page, 're-run compared')).toEqual([])
  expect(errors).toEqual([])
})
