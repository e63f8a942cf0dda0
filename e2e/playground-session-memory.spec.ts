import { expect, test, type CDPSession, type Page } from '@playwright/test'
import type { TExecutionEventEnvelope } from '../lib/core/execution-events.ts'
import type { TUniversalMessage } from '../lib/core/messages.ts'
import { chainReplayEvents, GENESIS_HASH } from '../lib/storage/replay-log/hash-chain.ts'
import { toRecordedRequest } from '../lib/storage/replay-log/history-range.ts'
import { exportReplayLogJsonl } from '../lib/storage/replay-log/replay-jsonl.ts'
import { collectPageErrors, openPlayground } from './playground-fixtures.ts'

// Closing a session gives its memory back (issue 23, item 5): a session whose events carry some
// 13 MB of provider payloads is opened, then closed by making a new one, and the page's JS heap
// comes back to within 5 MB of where it was before the session opened.

const MEGABYTE = 1_000_000
const PAYLOADS_PER_TURN = 5
const PAYLOAD_CHARACTERS = 64_000

/** The export of a session of `turns` turns, each with provider payloads of `payloadCharacters` characters. */
function sessionJsonl(sessionId: string, turns: number, payloadCharacters: number): string {
  const events: TExecutionEventEnvelope[] = []
  const history: TUniversalMessage[] = []
  let previous: { seq: number; messages: readonly unknown[] } | undefined
  const push = (event: Omit<TExecutionEventEnvelope, 'seq' | 'ts' | 'sessionId'>) => {
    events.push({ ...event, seq: events.length, ts: 1_700_000_000_000 + events.length, sessionId } as TExecutionEventEnvelope)
  }
  const append = (message: TUniversalMessage, round?: number) => {
    history.push(message)
    push({ executionId: `turn-${message.id}`, ...(round === undefined ? {} : { round }), type: 'history_mutation', data: { mutation: 'append', index: history.length - 1, message } } as never)
  }
  for (let turn = 1; turn <= turns; turn++) {
    const executionId = `turn-q${turn}`
    append({ id: `q${turn}`, role: 'user', state: 'complete', timestamp: turn, content: `Question number ${turn}` })
    const request = { seq: events.length, ts: 0, sessionId, executionId, round: 1, type: 'provider_request', data: { provider: 'offline-demo', model: 'scripted', messages: [...history], tools: [] } } as TExecutionEventEnvelope
    events.push(toRecordedRequest(request, previous))
    previous = { seq: request.seq, messages: [...history] }
    for (let sequence = 0; sequence < PAYLOADS_PER_TURN; sequence++) {
      const payload = `${turn}.${sequence} `.padEnd(payloadCharacters, 'x')
      push({ executionId, round: 1, type: 'provider_native_raw_payload', data: { provider: 'offline-demo', payloadKind: 'response', sequence, payload } } as never)
    }
    append({ id: `a${turn}`, role: 'assistant', state: 'complete', timestamp: turn, content: `Answer number ${turn}.` }, 1)
  }
  return exportReplayLogJsonl(sessionId, chainReplayEvents(GENESIS_HASH, events), undefined, sessionId)
}

/** The page's JS heap in use after full collections, in bytes. */
async function pageHeap(devtools: CDPSession): Promise<number> {
  // Twice: objects kept alive only by finalizers and weak maps go on the second pass.
  await devtools.send('HeapProfiler.collectGarbage')
  await devtools.send('HeapProfiler.collectGarbage')
  return (await devtools.send('Runtime.getHeapUsage')).usedSize
}

/** Imports `jsonl` from the replay panel, which opens the session, and waits for its last answer. */
async function importAndOpen(page: Page, jsonl: string, lastAnswer: string): Promise<void> {
  const replay = page.getByRole('complementary', { name: 'Replay events' })
  await replay.getByLabel('Replay log file').setInputFiles({ name: 'session.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(jsonl) })
  await expect(replay.getByRole('status', { name: 'Replay log status' })).toContainText('hash chain verified', { timeout: 30_000 })
  await expect(page.getByRole('region', { name: 'Conversation' }).getByLabel('Assistant').last()).toContainText(lastAnswer, { timeout: 30_000 })
}

/** Closes the open session by making a new one, and waits until the new one takes prompts. */
async function closeByNewSession(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'New session', exact: true }).click()
  await expect(page.getByRole('region', { name: 'Conversation' }).getByLabel('Assistant')).toHaveCount(0)
  await expect(page.getByLabel('Prompt')).toBeEnabled()
  await expect(page.getByRole('complementary', { name: 'Replay events' }).locator('.count')).toHaveText('0')
}

test('closing a session returns the page heap to within 5 MB of its level before the session opened', async ({ page }) => {
  test.setTimeout(120_000)
  const errors = collectPageErrors(page)
  await openPlayground(page)
  const devtools = await page.context().newCDPSession(page)
  // A small session first, so that code compiled for a first opening is in the heap before the reading.
  await importAndOpen(page, sessionJsonl('warm-up', 2, 100), 'Answer number 2.')
  await closeByNewSession(page)
  const before = await pageHeap(devtools)

  await importAndOpen(page, sessionJsonl('large-payloads', 40, PAYLOAD_CHARACTERS), 'Answer number 40.')
  const open = await pageHeap(devtools)
  await closeByNewSession(page)
  const after = await pageHeap(devtools)

  const megabytes = (bytes: number) => `${(bytes / MEGABYTE).toFixed(1)} MB`
  test.info().annotations.push({ type: 'page heap', description: `before ${megabytes(before)}, open ${megabytes(open)}, closed ${megabytes(after)}` })
  // The payloads are in the page while the session is open, so the check below can fail.
  expect(open - before).toBeGreaterThan(10 * MEGABYTE)
  expect(after - before).toBeLessThan(5 * MEGABYTE)
  expect(errors).toEqual([])
})
