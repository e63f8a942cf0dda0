import { expect, test } from '@playwright/test'
import { agentWorker, bashPrompt, conversation, expectIdle, openSession, recordStreamedTexts, send, streamedTexts } from './worker-fixtures.ts'

// The same scenarios the host's unit tests run in-thread, here through the real worker in
// Chromium: the loop, the sandbox and IndexedDB live in the worker, the page only renders.

test('streaming and tool rounds run in the worker; permission prompts are answered in the page, allow and deny', async ({ page }) => {
  await openSession(page)
  const worker = await agentWorker(page)
  // The session lives in the worker's IndexedDB, not in a store of the page's own.
  expect(await worker.evaluate(async () => (await indexedDB.databases()).length)).toBeGreaterThan(0)
  await recordStreamedTexts(page)

  await send(page, 'What is in this workspace?')
  // Round 1 ran `ls` without asking (the playground allows it); round 2 asks before `cat`.
  await expect(conversation(page).getByLabel('Bash result').first()).toContainText('README.md')
  await expect(bashPrompt(page)).toContainText('cat README.md')
  await bashPrompt(page).getByRole('button', { name: 'Allow once' }).click()
  await expect(bashPrompt(page)).toHaveCount(0)
  await expect(conversation(page).getByLabel('Bash result').nth(1)).toContainText('# Tiny Calculator')
  await expect(conversation(page).getByLabel('Assistant').last()).toContainText('Its README is titled "Tiny Calculator"')
  await expectIdle(page)

  // The answer grew on screen batch by batch as the worker streamed it.
  const streamed = await streamedTexts(page)
  expect(streamed.length).toBeGreaterThan(3)
  expect(streamed.some((text) => text.startsWith('The workspace holds') && !text.includes('offline demo model'))).toBe(true)

  await send(page, 'Look again, but do not read anything')
  await expect(bashPrompt(page)).toContainText('cat README.md')
  await bashPrompt(page).getByRole('button', { name: 'Deny' }).click()
  await expectIdle(page)
  await expect(conversation(page).getByLabel('Bash result').last()).toContainText(/denied/i)
  await expect(conversation(page).getByLabel('You')).toHaveCount(2)
})

test('Stop aborts a turn while its answer streams; the partial answer is kept and the session goes on', async ({ page }) => {
  await openSession(page)
  // Stop is clicked from inside the page the moment the answer starts to show, so the click
  // cannot arrive after the last word however slow the machine is.
  await page.evaluate(() => {
    new MutationObserver((_, observer) => {
      const text = document.querySelector('[aria-label="Assistant (streaming)"]')?.textContent ?? ''
      if (!text.includes('The workspace holds')) return
      observer.disconnect()
      ;[...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Stop')?.click()
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
  await send(page, 'What is in this workspace?')
  await bashPrompt(page).getByRole('button', { name: 'Allow once' }).click()
  await expectIdle(page)

  const cut = conversation(page).getByLabel('Assistant').last()
  await expect(cut).toContainText('The workspace holds')
  await expect(cut).toContainText('Interrupted')
  await expect(cut).not.toContainText('offline demo model')

  await send(page, 'Once more, to the end')
  await bashPrompt(page).getByRole('button', { name: 'Allow once' }).click()
  await expect(conversation(page).getByLabel('Assistant').last()).toContainText('offline demo model')
  await expectIdle(page)
})
