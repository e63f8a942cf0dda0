import { expect, test } from '@playwright/test'
import { longConversationJsonl } from './long-conversation-export.ts'
import { collectPageErrors, openPlayground } from './playground-fixtures.ts'

// A session with a long replay log opens on its latest turns' events (the playground asks for the
// latest 1,000); the Replay panel pages in the rest on request.

const TURNS = 50
const DELTAS_PER_TURN = 60
// A prompt, a request, the deltas and an answer.
const EVENTS_PER_TURN = DELTAS_PER_TURN + 3
const LATEST_EVENTS = 1_000
// The window starts at a turn's first event: the turns that fit whole.
const TURNS_SHOWN = Math.floor(LATEST_EVENTS / EVENTS_PER_TURN)
const FIRST_TURN_SHOWN = TURNS - TURNS_SHOWN + 1

test('a long replay log opens on its latest turns and the Replay panel loads the earlier events on request', async ({ page }) => {
  test.setTimeout(60_000)
  const errors = collectPageErrors(page)
  await openPlayground(page)
  const replay = page.getByRole('complementary', { name: 'Replay events' })
  const jsonl = longConversationJsonl('long-replay', TURNS, DELTAS_PER_TURN)
  await replay.getByLabel('Replay log file').setInputFiles({ name: 'long.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(jsonl) })
  await expect(page.getByRole('region', { name: 'Conversation' }).getByLabel('You').last()).toHaveText(`Question number ${TURNS}`)

  const count = replay.locator('h2 .count')
  await expect(count).toHaveText(String(TURNS_SHOWN * EVENTS_PER_TURN))
  const log = replay.getByRole('list', { name: 'Events' })
  await expect(log.getByText(`Question number ${FIRST_TURN_SHOWN}`, { exact: true })).toBeVisible()
  // Its request names the history an earlier request sent, which is not loaded: the row still counts every message sent.
  await expect(log.getByText(`scripted · ${2 * FIRST_TURN_SHOWN - 1} messages`, { exact: true })).toBeVisible()
  // The window does not start at the session's first turn: turns are counted from the first loaded one.
  await expect(log.getByRole('button', { name: /^Loaded turn 1 / })).toContainText(`Question number ${FIRST_TURN_SHOWN}`)
  await expect(replay.getByText(`The last 8 of ${TURNS_SHOWN} loaded turns.`, { exact: true })).toBeVisible()

  // Each click pages in up to 2,000 earlier events: two reach the first turn here.
  const loadEarlier = replay.getByRole('button', { name: 'Load earlier events' })
  await loadEarlier.click()
  await expect(count).not.toHaveText(String(TURNS_SHOWN * EVENTS_PER_TURN))
  await expect(loadEarlier).toBeEnabled()
  await loadEarlier.click()
  await expect(count).toHaveText(String(TURNS * EVENTS_PER_TURN))
  await expect(replay.getByRole('button', { name: 'Load earlier events' })).toHaveCount(0)
  await expect(log.getByText('Question number 1', { exact: true })).toBeVisible()
  await expect(log.getByRole('button', { name: /^Turn 1 / })).toContainText('Question number 1')
  await expect(replay.getByText(`The last 8 of ${TURNS} turns.`, { exact: true })).toBeVisible()
  expect(errors).toEqual([])
})
