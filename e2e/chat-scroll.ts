import { expect, type Page } from '@playwright/test'

/** How far (in pixels) the conversation is scrolled up from its newest content. */
export function distanceFromBottom(page: Page): Promise<number> {
  return page.getByRole('region', { name: 'Conversation' }).evaluate((box) => box.scrollHeight - box.scrollTop - box.clientHeight)
}

/** True when the conversation holds more than it shows, so following it means something. */
export function overflows(page: Page): Promise<boolean> {
  return page.getByRole('region', { name: 'Conversation' }).evaluate((box) => box.scrollHeight > box.clientHeight + 100)
}

/** Waits until the conversation shows its newest content. */
export async function expectAtBottom(page: Page): Promise<void> {
  await expect.poll(() => distanceFromBottom(page), { timeout: 5_000 }).toBeLessThanOrEqual(2)
}
