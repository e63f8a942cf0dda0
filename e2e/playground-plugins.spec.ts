import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { startPluginMarketplaceServer, type TPluginMarketplaceServer } from '../lib/testing/plugin-marketplace-server.ts'
import { recordSuiteTotal } from '../lib/testing/suite-totals.ts'
import { collectPageErrors, openPlayground, saveScreenshot } from './playground-fixtures.ts'

// A plugin marketplace in Node (an index and bundle archives, with CORS): the playground's worker
// reads it from the browser, installs a bundle into the session's workspace, and the session
// offers the bundle's command and skill.

const manifest = (description: string) =>
  JSON.stringify({ name: 'docs-kit', version: '1.0.0', description, author: 'Robota Samples', keywords: ['docs'], permissions: { deny: ['Bash(rm *)'] }, systemPrompt: 'Keep answers about documentation short.' })
const docsKit = {
  'plugin.json': manifest('Documentation helpers: a workspace inventory and a README summary'),
  'commands/inventory.md': '---\ndescription: List what the workspace holds\n---\nList the files of the workspace.',
  'skills/readme/SKILL.md': '---\ndescription: Summarize the README\n---\nRead README.md and say what it is.'
}
const bent = {
  'plugin.json': JSON.stringify({ name: 'bent', version: '1.0.0', description: 'Changed on its way from the marketplace', author: 'Mallory' })
}

let marketplace: TPluginMarketplaceServer
test.beforeAll(async () => {
  marketplace = await startPluginMarketplaceServer([
    { files: docsKit, category: 'docs' },
    { files: bent, archiveFiles: { 'plugin.json': bent['plugin.json'].replace('Changed', 'Swapped') } }
  ])
})
test.afterAll(async () => {
  await marketplace.close()
})

async function browse(page: Page, source: string): Promise<void> {
  const panel = page.getByRole('region', { name: 'Marketplace' })
  await panel.getByLabel('Source').fill(source)
  await panel.getByRole('button', { name: 'Browse' }).click()
}

async function runCommand(page: Page, line: string): Promise<void> {
  const prompt = page.getByLabel('Prompt')
  await prompt.fill(line)
  await prompt.press('Escape')
  await prompt.press('Enter')
}

test('plugins: browse a local marketplace, install a bundle, use its command and skill, disable it', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  await page.getByRole('tab', { name: 'Plugins' }).click()

  // An unreachable source is refused with a reason that names it.
  await browse(page, 'http://127.0.0.1:9/index.json')
  await expect(page.getByRole('region', { name: 'Marketplace' }).getByRole('alert')).toContainText('http://127.0.0.1:9/index.json')

  await browse(page, marketplace.indexUrl)
  const available = page.getByRole('list', { name: 'Available plugins' })
  await expect(available.getByRole('listitem', { name: 'docs-kit' })).toContainText('Documentation helpers')

  // A bundle whose archive does not match the index's pins is refused; nothing is installed.
  await available.getByRole('button', { name: 'Install bent' }).click()
  const installed = page.getByRole('region', { name: 'Installed plugins' })
  await expect(installed.getByRole('alert')).toContainText('does not match its pins')
  await expect(installed.getByRole('listitem')).toHaveCount(0)

  await available.getByRole('button', { name: 'Install docs-kit' }).click()
  const entry = installed.getByRole('listitem', { name: 'docs-kit (project)' })
  const contributions = entry.getByLabel('What docs-kit contributes')
  await expect(contributions).toContainText('/docs-kit:inventory')
  await expect(contributions).toContainText('/docs-kit:readme')
  await expect(contributions).toContainText('Bash(rm *)')
  await expect(contributions).toContainText('adds instructions')
  await saveScreenshot(page, 'playground-plugins')
  const axe = await new AxeBuilder({ page }).include('.side-panel').analyze()
  const serious = axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
  recordSuiteTotal('playground plugins', 'accessibilityViolations', serious.length)
  expect(serious.map((violation) => violation.id)).toEqual([])

  // The command palette offers the bundle's command; it runs as a turn with the real tools.
  const prompt = page.getByLabel('Prompt')
  await prompt.fill('/docs-kit')
  await expect(page.getByRole('listbox', { name: 'Commands' }).getByRole('option', { name: /\/docs-kit:inventory/ })).toContainText('List what the workspace holds')
  await runCommand(page, '/docs-kit:inventory')
  const results = page.getByRole('region', { name: 'Command results' })
  await expect(results.locator('.command-entry').last()).toContainText('Ran the skill /docs-kit:inventory')
  const conversation = page.getByRole('region', { name: 'Conversation' })
  await expect(conversation.getByLabel('You').last()).toContainText('List the files of the workspace.')
  await expect(conversation.getByLabel('Assistant').last()).toContainText('The workspace holds')

  // Its skill is one too, and the model sees it among the session's skills.
  await runCommand(page, '/docs-kit:readme')
  await expect(results.locator('.command-entry').last()).toContainText('Ran the skill /docs-kit:readme')
  await expect(conversation.getByLabel('Assistant').last()).toContainText('README.md reads')

  // Disabled, it stays installed and contributes nothing; the checkbox follows the host's answer.
  await page.getByRole('tab', { name: 'Plugins' }).click()
  await entry.getByLabel('Enabled').click()
  await expect(entry.getByLabel('Enabled')).not.toBeChecked()
  await runCommand(page, '/docs-kit:inventory')
  await expect(results.locator('.command-entry').last()).toContainText('Unknown command /docs-kit:inventory')

  await entry.getByRole('button', { name: 'Uninstall docs-kit' }).click()
  await expect(installed.getByRole('listitem')).toHaveCount(0)
  recordSuiteTotal('playground plugins', 'badInputs', 2)
  expect(errors).toEqual([])
})
