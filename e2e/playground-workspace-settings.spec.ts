import { expect, test, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { collectPageErrors, openPlayground, sendPrompt } from './playground-fixtures.ts'

// A workspace that configures its own sessions: the worker's host must read all of it.
const SETTINGS = {
  language: 'Korean',
  permissions: { defaultMode: 'bypassPermissions', deny: ['Bash(ls)', 'Bash(ls *)'] },
  hooks: {
    UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'cat > /workspace/submitted.json' }] }],
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'if grep -q "cat README"; then echo "README is off limits" >&2; exit 2; fi' }] }]
  }
}
const AGENTS_MD = 'Answer like a ship captain.'

type TEvent = { type: string; sessionId: string; data: Record<string, unknown> }

async function applyWorkspace(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Workspace' }).click()
  const manifest = page.getByRole('region', { name: 'Workspace manifest' })
  const entries = {
    '.robota/settings.json': { type: 'file', content: JSON.stringify(SETTINGS, null, 2) },
    'AGENTS.md': { type: 'file', content: AGENTS_MD }
  }
  await manifest.getByLabel('Manifest JSON').fill(JSON.stringify({ entries }, null, 2))
  await manifest.getByRole('button', { name: 'Apply to sandbox' }).click()
  await expect(manifest.getByRole('table', { name: 'Manifest result' }).getByRole('row')).toHaveCount(2)
}

async function exportedEvents(page: Page): Promise<TEvent[]> {
  await page.getByRole('tab', { name: 'Replay' }).click()
  const replay = page.getByRole('complementary', { name: 'Replay events' })
  const downloading = page.waitForEvent('download')
  await replay.getByRole('button', { name: 'Export JSONL' }).click()
  const jsonl = readFileSync(await (await downloading).path(), 'utf8')
  return jsonl
    .split('\n')
    .filter(Boolean)
    .slice(1)
    .map((line) => (JSON.parse(line) as { event: TEvent }).event)
}

test("workspace settings, hooks, AGENTS.md and subagents reach the playground worker's sessions", async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  await applyWorkspace(page)

  // The demo lists the workspace (denied by the settings even in bypassPermissions), then reads
  // the README (blocked by the PreToolUse hook).
  await sendPrompt(page, 'What is in this workspace?')
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()
  await expect(page.getByRole('alertdialog')).toHaveCount(0)

  // The UserPromptSubmit hook wrote into the session's sandbox.
  const files = page.getByRole('navigation', { name: 'Workspace files' })
  await files.getByRole('button', { name: 'submitted.json' }).click()
  await expect(page.getByRole('region', { name: 'File /workspace/submitted.json' })).toContainText('What is in this workspace?')

  // Asked for a subagent, the demo starts an Explore subagent through the Agent tool.
  await sendPrompt(page, 'Delegate the tour to a subagent')
  const conversation = page.getByRole('region', { name: 'Conversation' })
  await expect(conversation.getByLabel('Assistant').last()).toContainText('The Explore subagent reported')
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()

  const events = await exportedEvents(page)
  const decisions = events.filter((event) => event.type === 'permission_decision').map((event) => event.data)
  expect(decisions).toContainEqual(expect.objectContaining({ toolName: 'Bash', decision: 'deny', mode: 'bypassPermissions', source: 'deny_list', pattern: 'Bash(ls)' }))
  const hooks = events.filter((event) => event.type === 'hook_result').map((event) => event.data)
  expect(hooks).toContainEqual(expect.objectContaining({ event: 'UserPromptSubmit', exitCode: 0, blocked: false }))
  expect(hooks).toContainEqual(expect.objectContaining({ event: 'PreToolUse', exitCode: 2, blocked: true }))
  const request = events.find((event) => event.type === 'provider_request')
  const system = (request?.data.messages as Array<{ role: string; content: string }>)[0]
  expect(system?.role).toBe('system')
  expect(system?.content).toContain(AGENTS_MD)
  expect(system?.content).toContain('Always respond in Korean')
  const agentResult = events.find((event) => event.type === 'tool_execution_result' && event.data.toolName === 'Agent')
  expect(agentResult?.data.success).toBe(true)
  expect(JSON.stringify(agentResult?.data.result)).toMatch(/sessionId/)

  // The subagent's own log is stored, and listed under the session that started it.
  await page.reload()
  const sessions = page.getByRole('navigation', { name: 'Sessions' })
  await sessions.getByText('1 subagent run').click()
  await expect(sessions.getByRole('button', { name: /^Explore: explore the workspace/ })).toBeVisible()
  expect(errors).toEqual([])
})
