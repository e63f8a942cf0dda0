import type { Page } from '@playwright/test'

/** How far another clock (a page's, a process's) is ahead of this process's, and within what error. */
export type TClockOffset = { aheadMs: number; uncertaintyMs: number }

/** This process's epoch clock with sub-millisecond resolution, as the page's is read. */
export function nodeEpochNow(): number {
  return performance.timeOrigin + performance.now()
}

/**
 * Compares the page's `performance.timeOrigin + performance.now()` with this process's over
 * `rounds` round trips and keeps the shortest: the page read its clock somewhere inside that trip,
 * so the midpoint is off by at most half of it. Both clocks count from the system's wall clock;
 * this measures what they disagree by instead of assuming they agree.
 */
export async function measurePageClockOffset(page: Page, rounds = 25): Promise<TClockOffset> {
  let best: TClockOffset = { aheadMs: 0, uncertaintyMs: Number.POSITIVE_INFINITY }
  for (let round = 0; round < rounds; round++) {
    const sent = nodeEpochNow()
    const pageNow = await page.evaluate(() => performance.timeOrigin + performance.now())
    const received = nodeEpochNow()
    const uncertaintyMs = (received - sent) / 2
    if (uncertaintyMs < best.uncertaintyMs) best = { aheadMs: pageNow - (sent + received) / 2, uncertaintyMs }
  }
  return best
}
