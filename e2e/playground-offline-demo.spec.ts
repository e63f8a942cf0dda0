import { expect, test, type Page } from '@playwright/test'
import { DEMO_INTENTS } from '../playground/worker/offline-demo/demo-intents.ts'
import { collectPageErrors, openPlayground, saveScreenshot, sendPrompt } from './playground-fixtures.ts'

test('the offline demo: a scripted model labelled as such, a permission prompt, tool cards and the replay timeline', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  await expect(page.getByRole('button', { name: /^Offline demo model · scripted/ })).toBeVisible()
  await expect(page.getByRole('meter')).toBeVisible()

  await sendPrompt(page, 'What is in this workspace?')
  const permission = page.getByRole('alertdialog', { name: 'Allow Bash?' })
  await expect(permission).toContainText('cat README.md')
  // The prompt takes focus, so a keyboard user answers it at once.
  await expect(permission.getByRole('button', { name: 'Allow once' })).toBeFocused()
  // The Replay panel renders after the prompt: the picture shows the request it lists too.
  const replay = page.getByRole('complementary', { name: 'Replay events' })
  await expect(replay.locator('li[data-type="permission_request"]')).toHaveCount(1)
  await saveScreenshot(page, 'playground-permission-prompt')
  await page.keyboard.press('Enter')

  const conversation = page.getByRole('region', { name: 'Conversation' })
  await expect(conversation.getByLabel('Assistant').last()).toContainText('Its README is titled "Tiny Calculator"')
  const lsCard = conversation.getByRole('region', { name: 'Tool call Bash' }).first()
  // Each card says how its call was allowed: `ls` by the playground's rule, `cat` by the user.
  await expect(lsCard).toContainText('allowed by the rule Bash(ls)')
  await expect(conversation.getByRole('region', { name: 'Tool call Bash' }).nth(1)).toContainText('allowed once by you')
  await lsCard.getByText('Arguments').click()
  await expect(lsCard.getByLabel('Bash arguments')).toContainText('"command": "ls"')

  // Replay: grouped by turn and round, filterable by type, each event open in the inspector.
  await expect(replay.getByRole('button', { name: /^Turn 1 / })).toContainText('What is in this workspace?')
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

// What each intent of the demo's table answers in the sample workspace, and the prompt the spec
// sends where the table's own example would reach the network.
const DEMO_TABLE: Record<string, { answer: string | RegExp; prompt?: string }> = {
  skill: { answer: 'This workspace has no skills yet' },
  compaction: { answer: 'Type /compact' },
  'web fetch': { prompt: 'Fetch http://127.0.0.1:9/notes', answer: 'I could not fetch it' },
  git: { answer: /git (says|finished)|not a git repository/ },
  'run a command': { answer: /It printed:\s+\d+ README\.md/ },
  write: { answer: 'notes.txt is written' },
  edit: { answer: 'I edited the first line of README.md' },
  search: { answer: /Found "TODO":[\s\S]*test negative numbers/ },
  glob: { answer: 'src/calculator.ts' },
  read: { answer: 'export function add' },
  list: { answer: 'calculator.test.ts' }
}

/** Sends a prompt and allows every tool it asks about, until the last answer shows `answer`. */
async function runAllowingTools(page: Page, prompt: string, answer: string | RegExp): Promise<void> {
  const conversation = page.getByRole('region', { name: 'Conversation' })
  const asked = await conversation.getByLabel('You').count()
  await sendPrompt(page, prompt)
  await expect(conversation.getByLabel('You')).toHaveCount(asked + 1)
  const permission = page.getByRole('alertdialog')
  const done = conversation.getByLabel('Assistant').last().filter({ hasText: answer })
  for (;;) {
    await expect(permission.or(done).first()).toBeVisible({ timeout: 15_000 })
    if (!(await permission.isVisible())) break
    await permission.getByRole('button', { name: 'Allow once' }).click()
    await expect(permission).toHaveCount(0)
  }
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()
}

test('the offline demo follows the prompt: each intent of its table runs its tool and answers from it', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  const conversation = page.getByRole('region', { name: 'Conversation' })
  expect(Object.keys(DEMO_TABLE).sort()).toEqual(DEMO_INTENTS.map((intent) => intent.name).sort())
  for (const intent of DEMO_INTENTS) {
    const row = DEMO_TABLE[intent.name] as (typeof DEMO_TABLE)[string]
    const cards = conversation.getByRole('region', { name: `Tool call ${intent.tool}` })
    const before = intent.tool ? await cards.count() : 0
    await runAllowingTools(page, row.prompt ?? intent.example, row.answer)
    if (intent.tool) await expect(cards, intent.name).toHaveCount(before + 1)
  }
  // The Edit card shows what changed, and the file the demo wrote is in the sandbox.
  await expect(conversation.getByRole('region', { name: 'Tool call Edit' }).last()).toContainText('(edited by the offline demo)')
  await page.getByRole('tab', { name: 'Workspace' }).click()
  await expect(page.getByRole('tabpanel', { name: 'Workspace' })).toContainText('notes.txt')

  // A subagent: the demo hands the work to Explore, which tours the workspace and reports.
  await runAllowingTools(page, 'Delegate the tour to a subagent', 'The Explore subagent reported')
  await expect(conversation.getByRole('region', { name: 'Tool call Agent' })).toHaveCount(1)
  expect(errors).toEqual([])
})

test('a very long prompt is folded in the conversation and unfolds on request', async ({ page }) => {
  await openPlayground(page)
  const pasted = Array.from({ length: 5_000 }, (_, index) => `row ${index}: ${'value '.repeat(6)}`).join('\n')
  // Put in as a paste would: one input event with the whole text (Playwright's fill types it
  // through the editor line by line, which takes Chromium most of a minute at this size).
  await page.getByLabel('Prompt').evaluate((box: HTMLTextAreaElement, text) => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(box, text)
    box.dispatchEvent(new Event('input', { bubbles: true }))
  }, pasted)
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByRole('alertdialog', { name: 'Allow Bash?' })).toBeVisible()
  await page.keyboard.press('Escape')
  const prompt = page.getByRole('region', { name: 'Conversation' }).getByLabel('You')
  await expect(prompt).toContainText('row 0:')
  await expect(prompt).not.toContainText('row 4999:')
  expect((await prompt.boundingBox())?.height).toBeLessThan(600)
  await prompt.getByRole('button', { name: /^Show all \(5,000 lines/ }).click()
  await expect(prompt).toContainText('row 4999:')
  await prompt.getByRole('button', { name: 'Show less' }).click()
  await expect(prompt).not.toContainText('row 4999:')
})
