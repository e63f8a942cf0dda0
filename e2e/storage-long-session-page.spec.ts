import { expect, test } from '@playwright/test'
import type { TListingSample, TLongSessionSample } from '../bench/storage/long-session-page.ts'
import { openBundledPage } from './storage/open-storage-page.ts'

// The long-session bench's page (`npm run bench` records 1,000 turns with it), run small in
// Chromium's own IndexedDB: the bench breaks here, not only when someone runs it, and what a turn
// writes must not grow with the session in the real browser either.

type TBenchWindow = Window & {
  robotaLongSessionBench: {
    recordLongSession(turns: number, early: number[], late: number[], opens: number): Promise<TLongSessionSample>
    listManySessions(sessions: number, messagesPerSession: number, runs: number): Promise<TListingSample>
  }
}

test('the long-session bench page records, opens and lists sessions, and a late turn writes what an early one does', async ({ page }) => {
  await openBundledPage(page, new URL('../bench/storage/long-session-page.ts', import.meta.url), 'robotaLongSessionBench')
  const session = await page.evaluate(() =>
    (window as unknown as TBenchWindow).robotaLongSessionBench.recordLongSession(40, [6, 7, 8], [38, 39, 40], 1)
  )
  expect(session).toMatchObject({ turns: 40, events: 4_000, openedMessages: 160, openLatestMessages: 60, openLatestEvents: 2_000 })
  expect(session.lateTurnBytes).toBeGreaterThan(0)
  expect(session.lateTurnBytes).toBeLessThanOrEqual(1.5 * session.earlyTurnBytes)
  expect(session.lateTurnHashedBytes).toBeGreaterThan(0)
  expect(session.lateTurnHashedBytes).toBeLessThanOrEqual(1.5 * session.earlyTurnHashedBytes)

  const listing = await page.evaluate(() => (window as unknown as TBenchWindow).robotaLongSessionBench.listManySessions(3, 160, 1))
  expect(listing).toMatchObject({ sessions: 3, messagesPerSession: 160 })
  expect(listing.milliseconds).toHaveLength(1)
})
