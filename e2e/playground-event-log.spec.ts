import { expect, test, type Locator } from '@playwright/test'
import { collectPageErrors, openPlayground, runDemoTurn } from './playground-fixtures.ts'
import { openEventLogPage } from './replay/open-event-log-page.ts'

// The Replay panel's event log: a windowed list of turn and round headers and events, searchable,
// filterable by type, with turns that fold and times a person reads.

function eventLog(replay: Locator) {
  return {
    rows: replay.locator('li.event-log-row'),
    events: replay.locator('li.event-row'),
    search: replay.getByRole('searchbox', { name: 'Search events' }),
    count: replay.getByRole('status', { name: 'Events shown' }),
    turn: (number: number) => replay.getByRole('button', { name: new RegExp(`^Turn ${number} `) })
  }
}

test('on the offline demo: times and durations, search with a count, type filters, folding turns, and the keyboard', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openPlayground(page)
  await runDemoTurn(page)
  const replay = page.getByRole('complementary', { name: 'Replay events' })
  const log = eventLog(replay)
  const total = await log.events.count()
  expect(total).toBeGreaterThan(10)
  // A short session is rendered whole: every event has its row.
  await expect(log.count).toHaveText(`${total} events`)

  // The turn header: its prompt, wall-clock start (the full ISO time as title) and event count.
  const turn = log.turn(1)
  await expect(turn).toContainText('What is in this workspace?')
  await expect(turn).toHaveAttribute('aria-expanded', 'true')
  await expect(turn.locator('time')).toHaveText(/^\d{2}:\d{2}:\d{2}$/)
  await expect(turn.locator('time')).toHaveAttribute('title', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
  await expect(turn).toContainText(`${total} events`)
  // Each row shows its time since the turn began; a tool result, how long its call took.
  await expect(log.events.first().locator('.since')).toHaveText('+0.0 s')
  await expect(log.events.last().locator('.since')).toHaveText(/^\+\d+\.\d s$/)
  await expect(replay.locator('li[data-type="tool_execution_result"] .duration').first()).toHaveText(/^\d+ ms$|^\d+\.\d s$/)

  // Search: the type or the JSON, in any case, with a count and a clear button.
  await log.search.fill('TOOL_EXECUTION_RESULT')
  await expect(log.count).toHaveText(`2 of ${total} events`)
  await expect(log.events).toHaveCount(2)
  await expect(replay.locator('li[data-type="tool_execution_result"]')).toHaveCount(2)
  await log.search.fill('tiny calculator')
  await expect(log.count).toHaveText(new RegExp(`^\\d+ of ${total} events$`))
  await expect(replay.locator('li[data-type="tool_execution_result"]')).toHaveCount(1)
  const matching = await log.events.count()
  // Combined with the type filters: hiding results leaves the other matches.
  const resultsChip = replay.getByRole('group', { name: 'Filter events by type' }).getByRole('button', { name: /^tool_execution_result/ })
  await resultsChip.click()
  await expect(log.count).toHaveText(`${matching - 1} of ${total} events`)
  await expect(replay.locator('li[data-type="tool_execution_result"]')).toHaveCount(0)
  await resultsChip.click()
  await replay.getByRole('button', { name: 'Clear search', exact: true }).click()
  await expect(log.search).toHaveValue('')
  // The button disables itself: the keyboard goes to the emptied field.
  await expect(log.search).toBeFocused()
  await expect(log.count).toHaveText(`${total} events`)
  await expect(log.events).toHaveCount(total)
  // "Only this type" hides every other type; "Show all" brings them back.
  const filters = replay.getByRole('group', { name: 'Filter events by type' })
  await filters.getByRole('button', { name: 'Show only tool_execution_result', exact: true }).click()
  await expect(log.count).toHaveText(`2 of ${total} events`)
  await expect(log.events).toHaveCount(2)
  await filters.getByRole('button', { name: 'Show all', exact: true }).click()
  await expect(log.events).toHaveCount(total)

  // Folding: the header folds its turn; collapse all and expand all over two turns.
  await turn.click()
  await expect(turn).toHaveAttribute('aria-expanded', 'false')
  await expect(log.events).toHaveCount(0)
  await expect(turn).toContainText(`${total} events`)
  await turn.click()
  await expect(log.events).toHaveCount(total)
  await runDemoTurn(page, 'And now?')
  await expect(log.turn(2)).toBeVisible()
  await replay.getByRole('button', { name: 'Collapse all turns', exact: true }).click()
  await expect(log.turn(1)).toHaveAttribute('aria-expanded', 'false')
  await expect(log.turn(2)).toHaveAttribute('aria-expanded', 'false')
  await expect(log.events).toHaveCount(0)
  await replay.getByRole('button', { name: 'Expand all turns', exact: true }).click()
  await expect(log.turn(2)).toHaveAttribute('aria-expanded', 'true')

  // Keyboard: one tab stop in the list, arrows between rows, Left folds a turn, Enter selects.
  await log.turn(1).focus()
  await expect(log.turn(1)).toHaveAttribute('tabindex', '0')
  await page.keyboard.press('ArrowDown')
  const firstEvent = log.events.first().getByRole('button')
  await expect(firstEvent).toBeFocused()
  await expect(firstEvent).toHaveAttribute('tabindex', '0')
  await expect(log.turn(1)).toHaveAttribute('tabindex', '-1')
  await page.keyboard.press('Enter')
  await expect(firstEvent).toHaveAttribute('aria-pressed', 'true')
  await expect(replay.getByRole('region', { name: 'Event inspector' })).toContainText('history_mutation')
  const inspector = replay.getByRole('region', { name: 'Event inspector' })
  await inspector.getByRole('button', { name: 'Close the inspector' }).click()
  await firstEvent.focus()
  await page.keyboard.press('End')
  const lastEvent = log.events.last().getByRole('button')
  await expect(lastEvent).toBeFocused()
  await expect(lastEvent).toBeInViewport()
  // Selected, the last row stays above the inspector it opens, which sticks to the panel's bottom.
  await page.keyboard.press('Enter')
  await expect(inspector).toContainText(/#\d+ \w+/)
  await expect.poll(async () => ((await lastEvent.boundingBox())?.y ?? Infinity) + ((await lastEvent.boundingBox())?.height ?? 0)).toBeLessThanOrEqual((await inspector.boundingBox())?.y ?? 0)
  await page.keyboard.press('Home')
  await expect(log.turn(1)).toBeFocused()
  await page.keyboard.press('ArrowLeft')
  await expect(log.turn(1)).toHaveAttribute('aria-expanded', 'false')
  await page.keyboard.press('ArrowRight')
  await expect(log.turn(1)).toHaveAttribute('aria-expanded', 'true')
  expect(errors).toEqual([])
})

test('100,000 events: a few hundred rows in the DOM, the end reachable by scrolling and by keyboard, search over all of them', async ({ page }) => {
  // Generating and grouping 100,000 events takes over a minute on a busy 2-core machine.
  test.setTimeout(240_000)
  const errors = collectPageErrors(page)
  // The playground's own event log and stylesheet over a generated session: importing 100,000
  // events through the page takes minutes, and the list is what this measures.
  await page.setViewportSize({ width: 1440, height: 900 })
  const mounted = await openEventLogPage(page, 100, 1_000)
  // Not even the first render holds every row: the list is bounded before it is first measured.
  expect(mounted.mostRowsWhileMounting).toBeLessThanOrEqual(300)
  const replay = page.getByRole('complementary', { name: 'Replay events' })
  const log = eventLog(replay)
  await expect(log.count).toHaveText('100,000 events')
  await expect(log.turn(1)).toBeVisible()

  const rendered = await log.rows.count()
  expect(rendered).toBeGreaterThan(10)
  expect(rendered).toBeLessThanOrEqual(300)
  // Each row tells assistive technology where it stands in the whole list: 100 turns, 3 rounds each.
  await expect(log.rows.first()).toHaveAttribute('aria-setsize', String(100_000 + 100 * 4))

  // A focused row scrolled far away by the wheel stays in the DOM and keeps focus on its own
  // event, so the keyboard goes on from it.
  const scroller = replay.locator('.event-log-scroll')
  const focused = log.events.filter({ has: page.locator('button:focus') })
  const visibleEvent = log.events.filter({ hasText: /#\d+/ }).nth(5)
  const seq = (await visibleEvent.locator('.seq').textContent()) ?? ''
  await visibleEvent.getByRole('button').focus()
  await scroller.evaluate((element) => element.scrollTo({ top: element.scrollTop + element.clientHeight * 40 }))
  const firstOtherSeq = () => scroller.evaluate((element) => Number(element.querySelector('li.event-row:not(:has(:focus)) .seq')?.textContent?.slice(1)))
  await expect.poll(firstOtherSeq).toBeGreaterThan(Number(seq.slice(1)) + 500)
  await expect(focused.locator('.seq')).toHaveText(seq)
  await expect(focused).not.toBeInViewport()
  expect(await log.rows.count()).toBeLessThanOrEqual(300)
  await page.keyboard.press('ArrowDown')
  await expect(focused.locator('.seq')).toHaveText(`#${Number(seq.slice(1)) + 1}`)

  // Scrolled to the end, the last event is on screen, and the DOM is still small.
  await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }))
  const last = replay.locator('li[data-type="history_mutation"]', { hasText: '#99999' })
  await expect(last).toBeInViewport()
  expect(await log.rows.count()).toBeLessThanOrEqual(300)

  // By keyboard: Home from there goes back to the first row, End to the last, both focused and on screen.
  await last.getByRole('button').focus()
  await page.keyboard.press('Home')
  await expect(log.turn(1)).toBeFocused()
  await expect(log.turn(1)).toBeInViewport()
  await page.keyboard.press('End')
  await expect(last.getByRole('button')).toBeFocused()
  await expect(last).toBeInViewport()

  // Search runs over every event, the far end included.
  await log.search.fill('turn-100.txt')
  // The tool's result, the history append of it, and the request that sent it back to the model.
  await expect(log.count).toHaveText('3 of 100,000 events', { timeout: 30_000 })
  await expect(log.events).toHaveCount(3)
  await expect(replay.locator('li[data-type="tool_execution_result"]')).toContainText('#99')
  await replay.getByRole('button', { name: 'Clear search', exact: true }).click()
  await expect(log.count).toHaveText('100,000 events')
  expect(errors).toEqual([])
})
