import { expect, test } from '@playwright/test'
import { longConversationJsonl } from './long-conversation-export.ts'
import { collectPageErrors, openPlayground } from './playground-fixtures.ts'

// A long conversation opens on its latest messages; "Show earlier messages" at the top brings in
// the ones before and leaves what the reader was looking at where it was.

// The playground opens on the latest 30 messages (15 turns); one "Show earlier messages" brings
// in 100 more (50 turns): all that is left here.
const TURNS = 65
const TURNS_SHOWN = 15

test('a long conversation opens on its latest messages and shows earlier ones on request, keeping the reader in place', async ({ page }) => {
  test.setTimeout(60_000)
  const errors = collectPageErrors(page)
  await openPlayground(page)
  const replay = page.getByRole('complementary', { name: 'Replay events' })
  await replay.getByLabel('Replay log file').setInputFiles({ name: 'long.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(longConversationJsonl('long-conversation', TURNS)) })
  const conversation = page.getByRole('region', { name: 'Conversation' })
  await expect(conversation.getByLabel('You').last()).toHaveText(`Question number ${TURNS}`)

  const prompts = conversation.getByLabel('You')
  await expect(prompts).toHaveCount(TURNS_SHOWN)
  await expect(prompts.first()).toHaveText(`Question number ${TURNS - TURNS_SHOWN + 1}`)
  const showEarlier = conversation.getByRole('button', { name: 'Show earlier messages', exact: true })
  await expect(showEarlier).toBeVisible()

  // The reader scrolls up to the top of what is shown, where the button is (a wheel, so the view
  // stops following the newest text as it does for a person).
  await conversation.hover()
  await page.mouse.wheel(0, -100_000)
  await expect.poll(() => conversation.evaluate((element) => element.scrollTop)).toBe(0)
  const before = await prompts.first().boundingBox()
  await showEarlier.click()
  await expect(prompts).toHaveCount(TURNS)
  await expect(prompts.first()).toHaveText('Question number 1')
  const kept = conversation.getByLabel('You').filter({ hasText: new RegExp(`^Question number ${TURNS - TURNS_SHOWN + 1}$`) })
  const after = await kept.boundingBox()
  expect(before).not.toBeNull()
  expect(after).not.toBeNull()
  // What the reader looked at stays where it was, give or take less than a turn's height (blocks
  // laid out with estimated sizes settle as they render); left alone it would sit some 3,700 px
  // lower, under the 50 turns brought in above it.
  expect(Math.abs((after?.y ?? 0) - (before?.y ?? 0))).toBeLessThan(100)
  expect(await conversation.evaluate((element) => element.scrollTop)).toBeGreaterThan(1_000)
  // Every message is in: nothing is left to show.
  await expect(showEarlier).toHaveCount(0)
  expect(errors).toEqual([])
})
