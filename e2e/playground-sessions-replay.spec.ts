import { expect, test } from '@playwright/test'
import { readFileSync, writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { collectPageErrors, openPlayground, renameSession, runDemoTurn, saveScreenshot, sendPrompt } from './playground-fixtures.ts'

test('sessions: fork keeps the conversation and files apart from the original; rename and delete', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  await runDemoTurn(page)
  const sessions = page.getByRole('navigation', { name: 'Sessions' })
  await expect(sessions.getByRole('listitem')).toHaveCount(1)
  await expect(sessions.getByRole('button', { name: /^What is in this workspace\?/ })).toBeVisible()

  await sessions.getByRole('button', { name: 'Fork What is in this workspace?' }).click()
  await expect(sessions.getByRole('listitem')).toHaveCount(2)
  const fork = sessions.getByRole('button', { name: /^What is in this workspace\? \(fork\)/ })
  await expect(fork).toHaveAttribute('aria-current', 'true')
  const conversation = page.getByRole('region', { name: 'Conversation' })
  await expect(conversation.getByLabel('Bash result').nth(1)).toContainText('# Tiny Calculator')

  // The fork goes on alone: a second turn there leaves the original at one.
  await runDemoTurn(page, 'Look again, please')
  await expect(conversation.getByLabel('You')).toHaveCount(2)
  await saveScreenshot(page, 'playground-session-fork')
  await sessions.getByRole('button', { name: /^What is in this workspace\? ?6 messages/ }).click()
  await expect(conversation.getByLabel('You')).toHaveCount(1)

  // Rename with the keyboard, then delete after confirming.
  await renameSession(sessions, 'What is in this workspace?', 'Original tour')
  await sessions.getByRole('button', { name: 'Delete Original tour' }).click()
  await sessions.getByRole('button', { name: 'Delete for good' }).click()
  await expect(sessions.getByRole('listitem')).toHaveCount(1)
  await expect(sessions.getByRole('button', { name: /^What is in this workspace\? \(fork\)/ })).toHaveAttribute('aria-current', 'true')

  // Alt+N starts a new session.
  await page.keyboard.press('Alt+n')
  await expect(sessions.getByRole('listitem')).toHaveCount(2)
  expect(errors).toEqual([])
})

test('replay: export JSONL, import it in another browser with verification, and re-run it offline', async ({ page, browser }) => {
  await openPlayground(page)
  await runDemoTurn(page)
  const replay = page.getByRole('complementary', { name: 'Replay events' })
  await replay.getByRole('button', { name: 'Verify' }).click()
  await expect(replay.getByRole('status', { name: 'Replay log status' })).toContainText('Hash chain intact')
  const downloading = page.waitForEvent('download')
  await replay.getByRole('button', { name: 'Export JSONL' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^robota-what-is-in-this-workspace-.{8}\.jsonl$/)
  const path = await download.path()
  const jsonl = readFileSync(path, 'utf8')
  expect(jsonl.split('\n').filter(Boolean).length).toBeGreaterThan(20)

  // Importing into the same browser names the clash and what to do.
  await replay.getByLabel('Replay log file').setInputFiles({ name: 'tour.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(jsonl) })
  await expect(replay.getByRole('alert', { name: 'Replay log status' })).toContainText('it is already in this store as "What is in this workspace?". Open it, or import the file as a copy.')
  await replay.getByRole('button', { name: 'Import as a copy' }).click()
  await expect(replay.getByRole('status', { name: 'Replay log status' })).toContainText('as a copy: hash chain verified')
  await expect(page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: /^What is in this workspace\? \(copy\)/ })).toHaveAttribute('aria-current', 'true')

  // A tampered file is refused.
  const elsewhere = await browser.newContext()
  const other = await elsewhere.newPage()
  await openPlayground(other)
  const otherReplay = other.getByRole('complementary', { name: 'Replay events' })
  const forged = jsonl.replace('Tiny Calculator', 'Huge Calculator')
  await otherReplay.getByLabel('Replay log file').setInputFiles({ name: 'forged.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(forged) })
  await expect(otherReplay.getByRole('alert', { name: 'Replay log status' })).toContainText('refused')

  await otherReplay.getByLabel('Replay log file').setInputFiles({ name: 'tour.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(jsonl) })
  await expect(otherReplay.getByRole('status', { name: 'Replay log status' })).toContainText('hash chain verified')
  const sessions = other.getByRole('navigation', { name: 'Sessions' })
  await expect(sessions.getByRole('button', { name: /^What is in this workspace\?/ })).toHaveAttribute('aria-current', 'true')
  await expect(other.getByRole('region', { name: 'Conversation' }).getByLabel('Assistant').last()).toContainText('Tiny Calculator')
  await expect(otherReplay.locator('li[data-type="tool_execution_result"]')).toHaveCount(2)

  await otherReplay.getByRole('button', { name: 'Re-run offline' }).click()
  await expect(otherReplay.getByRole('status', { name: 'Replay log status' })).toContainText('Re-run matches the recording', { timeout: 30_000 })
  await saveScreenshot(other, 'playground-replay-import')
  await elsewhere.close()
})

test('the session list follows a turn as it runs: named after the prompt at once, messages counted as they commit', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  const sessions = page.getByRole('navigation', { name: 'Sessions' })
  await expect(sessions.getByRole('button', { name: /^New session ?0 messages/ })).toBeVisible()
  await sendPrompt(page, 'What is in this workspace?')
  // The turn waits on the permission prompt for `cat README.md`: the prompt, the answer that
  // called `ls`, its result and the answer that calls `cat` are committed; the list says so already.
  const permission = page.getByRole('alertdialog', { name: 'Allow Bash?' })
  await expect(permission).toBeVisible()
  await expect(sessions.getByRole('button', { name: /^What is in this workspace\? ?4 messages/ })).toBeVisible()
  await permission.getByRole('button', { name: 'Allow once' }).click()
  await expect(sessions.getByRole('button', { name: /^What is in this workspace\? ?6 messages/ })).toBeVisible()
  expect(errors).toEqual([])
})

test('a name the user gave a new session stays when its first prompt is sent', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  const sessions = page.getByRole('navigation', { name: 'Sessions' })
  await renameSession(sessions, 'New session', 'Workspace tour')
  await expect(sessions.getByRole('button', { name: /^Workspace tour ?0 messages/ })).toBeVisible()
  await sendPrompt(page, 'What is in this workspace?')
  await page.getByRole('alertdialog', { name: 'Allow Bash?' }).getByRole('button', { name: 'Allow once' }).click()
  await expect(sessions.getByRole('button', { name: /^Workspace tour ?6 messages/ })).toBeVisible()
  await expect(sessions.getByRole('button', { name: /^What is in this workspace/ })).toHaveCount(0)
  expect(errors).toEqual([])
})

test('a turn that waits for permission asks again when its session is opened again after another', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  const sessions = page.getByRole('navigation', { name: 'Sessions' })
  await sendPrompt(page, 'What is in this workspace?')
  const permission = page.getByRole('alertdialog', { name: 'Allow Bash?' })
  await expect(permission).toBeVisible()
  // Away to a new session while the turn waits, and back: the prompt is shown again, and answers.
  await sessions.getByRole('button', { name: 'New session', exact: true }).click()
  await expect(sessions.getByRole('button', { name: /^New session ?0 messages/ })).toHaveAttribute('aria-current', 'true')
  await expect(permission).toHaveCount(0)
  await sessions.getByRole('button', { name: /^What is in this workspace\?/ }).click()
  await expect(permission).toContainText('cat README.md')
  await permission.getByRole('button', { name: 'Allow once' }).click()
  await expect(page.getByRole('region', { name: 'Conversation' }).getByLabel('Assistant').last()).toContainText('Tiny Calculator')
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()

  // The Replay panel lists the whole turn, also what it had not stored when the page came back:
  // as many events as opening the session from storage lists once the turn has ended.
  const shown = page.getByRole('complementary', { name: 'Replay events' }).getByRole('status', { name: 'Events shown' })
  // The list renders a moment after the events arrive: the count is read once it holds still.
  let listed = ''
  await expect
    .poll(async () => {
      const before = listed
      listed = (await shown.textContent()) ?? ''
      return /^\d+ events$/.test(listed) && listed === before
    }, { intervals: [250] })
    .toBe(true)
  await sessions.getByRole('button', { name: /^New session ?0 messages/ }).click()
  await expect(sessions.getByRole('button', { name: /^New session ?0 messages/ })).toHaveAttribute('aria-current', 'true')
  await expect(shown).toHaveCount(0)
  await sessions.getByRole('button', { name: /^What is in this workspace\?/ }).click()
  await expect(shown).toHaveText(listed)
  expect(errors).toEqual([])
})

test('a session has a link of its own: a reload returns to the session that was open, and a link opens the session it names', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  await runDemoTurn(page)
  const sessions = page.getByRole('navigation', { name: 'Sessions' })
  const first = sessions.getByRole('button', { name: /^What is in this workspace\?/ })
  await expect(page).toHaveURL(/#session=/)
  const firstLink = new URL(page.url()).hash

  // A newer session, then back to the first: the first is not the most recent, yet a reload opens it.
  await sessions.getByRole('button', { name: 'New session', exact: true }).click()
  await expect(sessions.getByRole('listitem')).toHaveCount(2)
  await expect(page).not.toHaveURL(new RegExp(`${firstLink}$`))
  const secondLink = new URL(page.url()).hash
  await first.click()
  await expect(page).toHaveURL(new RegExp(`${firstLink}$`))
  await page.reload()
  await expect(first).toHaveAttribute('aria-current', 'true')
  await expect(page.getByRole('region', { name: 'Conversation' }).getByLabel('You')).toHaveCount(1)

  // Following a link to the other session opens it.
  await page.evaluate((hash) => (window.location.hash = hash), secondLink)
  await expect(sessions.getByRole('button', { name: /^New session ?0 messages/ })).toHaveAttribute('aria-current', 'true')
  await expect(page.getByRole('region', { name: 'Conversation' }).getByLabel('You')).toHaveCount(0)
  expect(errors).toEqual([])
})

test('share a run: one HTML file that opens offline, shows the conversation and every event, and verifies its own hash chain', async ({ page, browser }, testInfo) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  await runDemoTurn(page)
  const replay = page.getByRole('tabpanel')
  const downloading = page.waitForEvent('download')
  await replay.getByRole('button', { name: 'Share as HTML' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^robota-what-is-in-this-workspace-[0-9a-f-]{8}\.html$/)
  const file = testInfo.outputPath('shared-run.html')
  await download.saveAs(file)
  await expect(replay.getByRole('status', { name: 'Replay log status' })).toContainText('Saved the run as one HTML file')

  // Opened as a file in a browser that has never seen the playground, with every request counted.
  const elsewhere = await browser.newContext()
  const viewer = await elsewhere.newPage()
  const viewerErrors = collectPageErrors(viewer)
  const requests: string[] = []
  viewer.on('request', (request) => {
    if (!request.url().startsWith('file:')) requests.push(request.url())
  })
  await viewer.goto(pathToFileURL(file).href)
  await expect(viewer.getByRole('heading', { level: 1 })).toHaveText('What is in this workspace?')
  await expect(viewer.getByRole('status', { name: 'Hash chain' })).toContainText(/^Hash chain verified: \d+ records/)
  const conversation = viewer.getByRole('region', { name: 'Conversation' })
  await expect(conversation.getByLabel('You')).toContainText('What is in this workspace?')
  await expect(conversation.getByLabel('Assistant').last()).toContainText('Tiny Calculator')
  const events = viewer.getByRole('region', { name: 'Events' })
  await events.getByRole('button', { name: /tool_execution_result/ }).first().click()
  await expect(events.getByLabel('Event detail')).toContainText('"type": "tool_execution_result"')
  await saveScreenshot(viewer, 'shared-run-html')
  expect(requests).toEqual([])
  expect(viewerErrors).toEqual([])

  // A changed word anywhere in the run, and the file says it no longer verifies, and where.
  writeFileSync(file, readFileSync(file, 'utf8').replaceAll('Tiny Calculator', 'Tiny Kalkulator'))
  await viewer.reload()
  await expect(viewer.getByRole('status', { name: 'Hash chain' })).toContainText(/^This file does not verify \(\d+ records read\): Replay import refused: .*line \d+/)
  await elsewhere.close()
  expect(errors).toEqual([])
})

test('New session on a session nobody has used yet makes no other: its prompt takes the keyboard', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  const sessions = page.getByRole('navigation', { name: 'Sessions' })
  const create = sessions.getByRole('button', { name: 'New session', exact: true })
  await expect(sessions.getByRole('listitem')).toHaveCount(1)
  await create.click()
  await page.keyboard.press('Alt+N')
  await expect(page.getByRole('textbox', { name: 'Prompt' })).toBeFocused()
  // Once the session has a turn, New session makes one; asked again at once, it stays at that one.
  await runDemoTurn(page)
  await create.click()
  await expect(sessions.getByRole('button', { name: /^New session ?0 messages/ })).toHaveAttribute('aria-current', 'true')
  await create.click()
  await page.keyboard.press('Alt+N')
  await runDemoTurn(page, 'Look again, please')
  await expect(sessions.getByRole('listitem')).toHaveCount(2)
  expect(errors).toEqual([])
})
