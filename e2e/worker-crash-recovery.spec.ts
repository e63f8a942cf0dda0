import { expect, test, type Page, type Worker } from '@playwright/test'
import { killAgentWorker } from './crash-suite-fixtures.ts'
import { agentWorker, bashPrompt, conversation, expectIdle, openSession, send } from './worker-fixtures.ts'

// The worker is ended from the outside through Playwright's own handle on it (a CDP worker
// target): `close()` evaluated inside it stops it dead, a busy loop hangs it. The page's client
// must notice either through its heartbeat, start a new worker and resume from IndexedDB.

async function stopAtThePermissionPrompt(page: Page): Promise<void> {
  await send(page, 'What is in this workspace?')
  await expect(conversation(page).getByLabel('Bash result').first()).toContainText('README.md')
  await expect(bashPrompt(page)).toContainText('cat README.md')
}

async function expectResumedAfterInterruption(page: Page): Promise<void> {
  await expect(page.getByRole('alert').filter({ hasText: 'interrupted' })).toContainText('agent worker stopped and was restarted')
  await expect(bashPrompt(page)).toHaveCount(0)
  await expectIdle(page)
  // Every committed message is back; the tool call the dead worker never ran got an interrupted result.
  await expect(conversation(page).getByLabel('You')).toHaveText('What is in this workspace?')
  await expect(conversation(page).getByLabel('Bash result').first()).toContainText('README.md')
  await expect(conversation(page).getByLabel('Bash result').nth(1)).toContainText('the agent stopped before this tool call finished')

  // The new worker drives the same session to the end of a new turn.
  await send(page, 'Please try again')
  await bashPrompt(page).getByRole('button', { name: 'Allow once' }).click()
  await expect(conversation(page).getByLabel('Assistant').last()).toContainText('Its README is titled "Tiny Calculator"')
  await expectIdle(page)

  // And all of it was stored: a reload shows both turns, the interrupted one included.
  await page.reload()
  await expect(conversation(page).getByLabel('You')).toHaveCount(2)
  await expect(conversation(page).getByLabel('Bash result').nth(1)).toContainText('the agent stopped before this tool call finished')
  await expect(conversation(page).getByLabel('Assistant').last()).toContainText('Tiny Calculator')
}

test('a worker killed mid-turn is replaced; the session resumes with every committed message and the turn reported interrupted', async ({ page }) => {
  await openSession(page)
  await stopAtThePermissionPrompt(page)
  const first = await agentWorker(page)
  const replacement = page.waitForEvent('worker')
  await first.evaluate(() => self.close())

  expect((await replacement).url()).toContain('agent-worker')
  await expectResumedAfterInterruption(page)
})

test('a hung worker (a busy loop) is found by its missed heartbeats and replaced the same way', async ({ page }) => {
  await openSession(page)
  await stopAtThePermissionPrompt(page)
  const first = await agentWorker(page)
  const replacement = page.waitForEvent('worker')
  // Started as a task of its own: a loop inside DevTools' evaluation could not be terminated.
  await first.evaluate(() => {
    setTimeout(() => {
      for (;;) {
        // The worker's thread never comes back to its event loop: no heartbeat is answered.
      }
    })
  })

  expect((await replacement).url()).toContain('agent-worker')
  await expectResumedAfterInterruption(page)
})

/** Ends the agent worker and hangs its replacement before it can resume the session; resolves with a wait for the third worker. */
async function startALongRestart(page: Page): Promise<Promise<Worker>> {
  const hung = await killAgentWorker(page, 'fatal-error')
  await hung
    .evaluate(() => {
      setTimeout(() => {
        for (;;) {
          // Never back to the event loop: the session is never reopened in this worker.
        }
      })
    })
    .catch(() => undefined)
  return page.waitForEvent('worker', { predicate: (started) => started.url().includes('agent-worker'), timeout: 20_000 })
}

test('a prompt sent while the worker restarts shows running and goes to the new worker; one sent meanwhile waits behind it', async ({ page }) => {
  await openSession(page)
  // The session's first prompt waits to name it, later ones only for the worker: both kinds.
  const rounds = [
    ['What is in this workspace?', 'And what else?'],
    ['Look once more.', 'And once again.']
  ]
  for (const [index, [first, second]] of rounds.entries()) {
    // The restart stays under way until heartbeats give up on the hung worker and a third one takes over.
    const third = await startALongRestart(page)
    await send(page, first ?? '')
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible()
    await expect(conversation(page).getByRole('status')).toContainText('Working…')
    await page.getByLabel('Prompt').fill(second ?? '')
    await page.getByLabel('Prompt').press('Enter')
    await expect(page.getByRole('region', { name: 'Up next' })).toContainText(second ?? '')
    await third

    for (const [at, prompt] of [first, second].entries()) {
      await bashPrompt(page).getByRole('button', { name: 'Allow once' }).click()
      await expect(conversation(page).getByLabel('You').nth(2 * index + at)).toHaveText(prompt ?? '')
      await expect(conversation(page).getByLabel('Assistant').last()).toContainText('Tiny Calculator')
    }
    await expectIdle(page)
  }
  await expect(conversation(page).getByLabel('You')).toHaveText(rounds.flat())
  await expect(page.getByLabel('Prompt')).toHaveValue('')
})
