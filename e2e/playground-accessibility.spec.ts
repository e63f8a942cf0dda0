import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { recordSuiteTotal } from '../lib/testing/suite-totals.ts'
import { collectPageErrors, openPlayground, sendPrompt } from './playground-fixtures.ts'

// axe over every view and dialog of the playground: no serious or critical violation anywhere.
// Each scan adds what it found to the totals `npm test` prints (0 when clean).

const SUITE = 'playground accessibility'

type TFinding = { view: string; rule: string; impact: string; targets: string[] }

async function scan(page: Page, view: string): Promise<TFinding[]> {
  const results = await new AxeBuilder({ page }).analyze()
  const findings = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ view, rule: violation.id, impact: violation.impact ?? '', targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')) }))
  recordSuiteTotal(SUITE, 'accessibilityViolations', findings.length)
  return findings
}

test('no serious or critical axe violation in any view: chat, permission prompt, replay, workspace, manifest editor, settings, dark, narrow', async ({ page }) => {
  test.setTimeout(120_000)
  const errors = collectPageErrors(page)
  const findings: TFinding[] = []
  await openPlayground(page)
  findings.push(...(await scan(page, 'empty chat')))

  await sendPrompt(page, 'What is in this workspace?')
  const permission = page.getByRole('alertdialog', { name: 'Allow Bash?' })
  await expect(permission).toBeVisible()
  findings.push(...(await scan(page, 'permission prompt')))
  await permission.getByRole('button', { name: 'Allow once' }).click()
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Conversation' }).getByLabel('Assistant').last()).toContainText('Tiny Calculator')
  findings.push(...(await scan(page, 'chat and replay after a turn')))

  await page.getByRole('complementary', { name: 'Replay events' }).locator('li[data-type="tool_execution_result"]').first().getByRole('button').click()
  findings.push(...(await scan(page, 'replay event inspector')))

  await page.getByLabel('Prompt').fill('/')
  await expect(page.getByRole('combobox', { name: 'Composer' })).toHaveAttribute('aria-expanded', 'true')
  findings.push(...(await scan(page, 'command list')))
  await page.getByLabel('Prompt').press('Escape')
  await page.getByLabel('Prompt').fill('/help')
  await page.getByLabel('Prompt').press('Enter')
  await expect(page.getByRole('region', { name: 'Command results' })).toBeVisible()
  findings.push(...(await scan(page, 'command results')))

  await page.getByRole('tab', { name: 'Workspace' }).click()
  await expect(page.getByRole('region', { name: 'Workspace manifest' })).toBeVisible()
  findings.push(...(await scan(page, 'workspace and manifest editor')))

  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  const settings = page.getByRole('dialog', { name: 'Settings' })
  await expect(settings).toBeVisible()
  // One MCP server in the list (not saved: the dialog is left with Escape), so its row is scanned too.
  await settings.getByLabel('Server name').fill('docs')
  await settings.getByLabel('Server URL').fill('http://127.0.0.1:9/mcp')
  await settings.getByRole('button', { name: 'Add server' }).click()
  await expect(settings.getByRole('listitem', { name: 'MCP server docs' })).toBeVisible()
  findings.push(...(await scan(page, 'settings dialog')))
  await page.keyboard.press('Escape')

  await page.getByRole('button', { name: /^Theme: system/ }).click()
  await page.getByRole('button', { name: /^Theme: light/ }).click()
  await expect(page.locator('.robota-root')).toHaveAttribute('data-theme', 'dark')
  findings.push(...(await scan(page, 'dark theme')))

  await page.setViewportSize({ width: 390, height: 844 })
  findings.push(...(await scan(page, 'narrow viewport')))

  expect(findings).toEqual([])
  expect(errors).toEqual([])
})
