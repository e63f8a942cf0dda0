import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { collectPageErrors, openPlayground } from './playground-fixtures.ts'

// Screen readers hear a streamed answer through one polite live region that receives each answer
// whole, once it is committed, not every delta the model streams.

test('live region: a streamed answer reaches the polite region a bounded number of times and ends as the text the answer shows', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  const region = page.locator('.answer-announcer')
  await expect(region).toHaveAttribute('aria-live', 'polite')
  await expect(region).toHaveText('')
  // Count every change of the region's text, and every change of the streaming answer beside it.
  await page.evaluate(() => {
    const counts = { region: 0, stream: 0 }
    ;(window as unknown as { liveCounts: typeof counts }).liveCounts = counts
    const region = document.querySelector('.answer-announcer') as HTMLElement
    new MutationObserver((records) => (counts.region += records.length)).observe(region, { childList: true, characterData: true, subtree: true })
    const conversation = document.querySelector('[aria-label="Conversation"]') as HTMLElement
    new MutationObserver((records) => {
      if (records.some((record) => (record.target as Element).closest?.('.streaming') ?? record.target.parentElement?.closest('.streaming'))) counts.stream += 1
    }).observe(conversation, { childList: true, characterData: true, subtree: true })
  })

  // Reading the README needs no approval: one tool round, then a long answer streamed word by word.
  await page.getByLabel('Prompt').fill('Read README.md')
  await page.keyboard.press('Enter')
  const answer = page.getByRole('region', { name: 'Conversation' }).getByLabel('Assistant', { exact: true }).last()
  await expect(answer).toContainText('Tiny Calculator')
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible()

  const counts = await page.evaluate(() => (window as unknown as { liveCounts: { region: number; stream: number } }).liveCounts)
  // One update per committed reply of the turn (the tool call's preface, then the answer), however many deltas streamed.
  expect(counts.region).toBeGreaterThan(0)
  expect(counts.region).toBeLessThanOrEqual(4)
  // The streaming answer beside it did change as the text came (how often depends on how the page batched the deltas).
  expect(counts.stream).toBeGreaterThan(0)

  // The region ends with the answer as it was committed, the last assistant message of the log, as
  // the conversation shows it: the Markdown rendered, not its marks.
  const downloading = page.waitForEvent('download')
  await page.getByRole('complementary', { name: 'Replay events' }).getByRole('button', { name: 'Export JSONL' }).click()
  const lines = (await readFile((await (await downloading).path()) ?? '', 'utf8')).trim().split('\n').map((line) => JSON.parse(line))
  const committed = lines
    .slice(1)
    .map((record) => record.event)
    .filter((event) => event.type === 'assistant_message_committed' && event.data.message.content.trim() !== '')
  const deltas = lines.slice(1).filter((record) => record.event.type === 'provider_stream_raw_delta').length
  expect(deltas).toBeGreaterThan(counts.region * 5)
  const last = String(committed.at(-1)?.data.message.content ?? '').trim()
  expect(last).toContain('Tiny Calculator')
  expect(last).toContain('```')
  const shown = (await answer.locator('.markdown-blocks').textContent()) ?? ''
  expect(shown).toContain('Tiny Calculator')
  await expect(region).toHaveText(shown, { useInnerText: false })
  await expect(region).not.toContainText('```')
  expect(errors).toEqual([])
})
