import { expect, test } from '@playwright/test'
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { startFakeLlmServer, type TFakeLlmServer } from '../lib/testing/fake-llm-server.ts'
import { collectPageErrors, openPlayground } from './playground-fixtures.ts'

// A session recorded by the terminal client (the built `robota` bin, as the package ships it)
// exported as JSONL and imported into the playground: one replay format, one hash chain.

const CLI = join(import.meta.dirname, '..', 'dist', 'lib', 'cli', 'main.js')

let server: TFakeLlmServer
let scratch: string

test.beforeEach(async () => {
  server = await startFakeLlmServer({
    turns: [
      { text: 'Let me read it.', toolCalls: [{ name: 'Bash', arguments: { command: 'cat README.md' } }] },
      { text: 'The README says this is the **Terminal Demo**.' }
    ]
  })
  scratch = mkdtempSync(join(tmpdir(), 'robota-cli-replay-'))
  mkdirSync(join(scratch, 'project'))
  mkdirSync(join(scratch, 'home'))
  writeFileSync(join(scratch, 'project', 'README.md'), '# Terminal Demo\n')
})

test.afterEach(async () => {
  await server.close()
  rmSync(scratch, { recursive: true, force: true })
})

const run = promisify(execFile)

// Asynchronous: the fake LLM server answering the command lives in this process.
async function robota(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [CLI, ...args], {
    cwd: join(scratch, 'project'),
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: join(scratch, 'home'), ANTHROPIC_API_KEY: 'sk-cli-replay-0123456789', ANTHROPIC_BASE_URL: server.url }
  })
  return stdout
}

test('a replay exported from the terminal client imports into the playground and verifies', async ({ page }) => {
  const errors = collectPageErrors(page)
  const result = JSON.parse(await robota('-p', 'What does the README say?', '--permission-mode', 'bypassPermissions', '--name', 'From the terminal')) as { sessionId: string }
  const jsonl = await robota('--export', result.sessionId)
  expect(jsonl).not.toContain('sk-cli-replay-0123456789')

  await openPlayground(page)
  const replay = page.getByRole('complementary', { name: 'Replay events' })
  await replay.getByLabel('Replay log file').setInputFiles({ name: 'terminal.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(jsonl) })
  await expect(replay.getByRole('status', { name: 'Replay log status' })).toContainText('hash chain verified')

  const sessions = page.getByRole('navigation', { name: 'Sessions' })
  await expect(sessions.getByRole('button', { name: /^From the terminal/ })).toHaveAttribute('aria-current', 'true')
  const conversation = page.getByRole('region', { name: 'Conversation' })
  await expect(conversation.getByLabel('You').last()).toContainText('What does the README say?')
  await expect(conversation.getByLabel('Assistant').last()).toContainText('Terminal Demo')
  await expect(replay.locator('li[data-type="tool_execution_result"]')).toHaveCount(1)

  await replay.getByRole('button', { name: 'Verify' }).click()
  await expect(replay.getByRole('status', { name: 'Replay log status' })).toContainText('Hash chain intact')
  expect(errors).toEqual([])
})
