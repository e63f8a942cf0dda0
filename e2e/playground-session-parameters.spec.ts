import { readFile } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { recordSuiteTotal } from '../lib/testing/suite-totals.ts'
import { chooseProvider, collectPageErrors, openPlayground, runDemoTurn, expectSessionOpen, sendPrompt } from './playground-fixtures.ts'
import { resolveHistoryRanges } from '../lib/storage/replay-log/history-range.ts'

// A session's own settings on the offline demo: checked in the editor, sent with the next turn's
// request (as its replay event records it), kept in the export and through a reload.

/** Serious or critical axe violations on the page, counted in `npm test`'s accessibility totals. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze()
  const found = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)
  recordSuiteTotal('playground accessibility', 'accessibilityViolations', found.length)
  return found
}

const INSTRUCTIONS = 'Answer in the voice of a ship’s log.'

test('session settings: a system prompt addition, temperature, max tokens and a tool switched off reach the next request, the export and a reload', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  const opener = page.getByRole('button', { name: 'Session settings', exact: true })
  await opener.click()
  const dialog = page.getByRole('dialog', { name: 'Session settings' })
  const instructions = dialog.getByLabel('Session instructions (added after the base)')
  const temperature = dialog.getByLabel('Temperature', { exact: true })
  const maxTokens = dialog.getByLabel('Max tokens per reply', { exact: true })
  await expect(instructions).toBeVisible()
  // The base the addition follows is shown as it is sent.
  await expect(dialog.getByLabel('Base instructions (from the app), always sent first')).toHaveValue(/^You are/)

  // Out of range: each field says what is wrong, and the first takes the keyboard.
  await temperature.fill('3')
  await maxTokens.fill('1.5')
  await dialog.getByRole('button', { name: 'Apply', exact: true }).click()
  await expect(temperature).toHaveAccessibleDescription(/Temperature must be from 0 to 2; 3 is above 2\./)
  await expect(maxTokens).toHaveAccessibleDescription(/Max tokens must be a positive whole number, such as 1024; “1\.5” is not one\./)
  await expect(temperature).toBeFocused()
  await expect(dialog).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await instructions.fill(INSTRUCTIONS)
  await temperature.fill('0.3')
  await maxTokens.fill('400')
  await dialog.getByRole('checkbox', { name: 'Glob', exact: true }).uncheck()
  await dialog.getByRole('button', { name: 'Apply', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()

  await runDemoTurn(page)
  const replay = page.getByRole('complementary', { name: 'Replay events' })
  const downloading = page.waitForEvent('download')
  await replay.getByRole('button', { name: 'Export JSONL' }).click()
  const lines = (await readFile((await (await downloading).path()) ?? '', 'utf8')).trim().split('\n').map((line) => JSON.parse(line))
  const [header, ...records] = lines
  expect(header.settings).toEqual({ systemPromptAddition: INSTRUCTIONS, temperature: 0.3, maxTokens: 400, disabledTools: ['Glob'] })
  // An export holds each request as recorded: the history it shares with the one before is named by range.
  const requests = resolveHistoryRanges(records.map((record) => record.event), header.sessionId).filter((event) => event.type === 'provider_request')
  expect(requests.length).toBeGreaterThan(0)
  for (const request of requests) {
    expect(request.data).toMatchObject({ temperature: 0.3, maxTokens: 400 })
    const tools = (request.data.tools as Array<{ name: string }>).map((tool) => tool.name)
    expect(tools).toContain('Bash')
    expect(tools).not.toContain('Glob')
    expect(request.data.messages[0]).toMatchObject({ role: 'system' })
    expect(request.data.messages[0].content).toContain(`# Session instructions\n${INSTRUCTIONS}`)
  }

  // A reload reads them back from the stored session.
  await page.reload()
  await expectSessionOpen(page)
  await opener.click()
  await expect(instructions).toHaveValue(INSTRUCTIONS)
  await expect(temperature).toHaveValue('0.3')
  await expect(maxTokens).toHaveValue('400')
  await expect(dialog.getByRole('checkbox', { name: 'Glob', exact: true })).not.toBeChecked()
  await expect(dialog.getByRole('checkbox', { name: 'Bash', exact: true })).toBeChecked()
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click()
  await expect(dialog).toBeHidden()
  expect(errors).toEqual([])
})

test('session settings: a provider that cannot send a temperature says why beside the field, which is off, while max tokens still apply', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  // No request is made: the editor reads what the provider declares it can send.
  await chooseProvider(page, { provider: 'Anthropic', model: 'claude-haiku-4-5', apiKey: 'sk-ant-not-sent' })
  await page.getByRole('button', { name: 'Session settings', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Session settings' })
  const temperature = dialog.getByLabel('Temperature', { exact: true })
  await expect(temperature).toBeDisabled()
  await expect(temperature).toHaveAccessibleDescription(/Anthropic cannot take a temperature here: this version of its Messages API has no temperature field\./)
  await dialog.getByLabel('Max tokens per reply', { exact: true }).fill('256')
  await dialog.getByRole('button', { name: 'Apply', exact: true }).click()
  await expect(dialog).toBeHidden()
  await page.getByRole('button', { name: 'Session settings', exact: true }).click()
  await expect(dialog.getByLabel('Max tokens per reply', { exact: true })).toHaveValue('256')
  expect(errors).toEqual([])
})

test('while a turn runs, session settings and a workspace manifest say they wait for it, and apply once it has ended', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  await sendPrompt(page, 'What is in this workspace?')
  const permission = page.getByRole('alertdialog', { name: 'Allow Bash?' })
  await expect(permission).toBeVisible()

  await page.getByRole('button', { name: 'Session settings', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Session settings' })
  const apply = dialog.getByRole('button', { name: 'Apply' })
  await expect(dialog.getByLabel('Temperature', { exact: true })).toBeVisible()
  await expect(apply).toBeDisabled()
  await expect(apply).toHaveAccessibleDescription('A turn is running: the settings can change once it ends.')
  await dialog.getByRole('button', { name: 'Cancel' }).click()

  await page.getByRole('tab', { name: 'Workspace' }).click()
  const applyManifest = page.getByRole('button', { name: 'Apply to sandbox' })
  await expect(applyManifest).toBeDisabled()
  await expect(page.getByText('A manifest can be applied once the running turn ends.')).toBeVisible()

  await permission.getByRole('button', { name: 'Allow once' }).click()
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()
  await expect(applyManifest).toBeEnabled()
  await page.getByRole('button', { name: 'Session settings', exact: true }).click()
  await dialog.getByLabel('Temperature', { exact: true }).fill('0.5')
  await apply.click()
  await expect(dialog).toBeHidden()
  expect(errors).toEqual([])
})
