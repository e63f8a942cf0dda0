import { expect, test, type Page } from '@playwright/test'
import type { TStoragePage } from './storage/storage-page.ts'
import { openStoragePage, STORAGE_PAGE_ORIGIN } from './storage/open-storage-page.ts'

// `IndexedDBSessionStore` against Chromium's own IndexedDB: atomic batches, data that outlives a
// reload (and a database an older schema wrote), and a full origin. Each test gets a fresh
// browser context, so a fresh origin storage.

type TWindow = Window & { robotaStorage: TStoragePage }

/** The store's view of one session, in plain data that survives `page.evaluate`. */
type TSessionState = { nextEventSeq: number | undefined; messageCount: number | undefined; seqs: number[]; verified: string }

function readSession(page: Page, sessionId: string, databaseName = 'robota'): Promise<TSessionState> {
  return page.evaluate(
    async ({ sessionId, databaseName }) => {
      const lab = (window as unknown as TWindow).robotaStorage
      const store = new lab.IndexedDBSessionStore({ databaseName })
      try {
        const record = await store.loadSession(sessionId)
        const log = await store.loadReplayLog(sessionId)
        const verification = lab.verifyReplayLog(log)
        return {
          nextEventSeq: record?.nextEventSeq,
          messageCount: record?.messages.length,
          seqs: log.map((entry) => entry.event.seq),
          verified: verification.ok ? `ok ${verification.recordCount}` : verification.reason
        }
      } finally {
        await store.close()
      }
    },
    { sessionId, databaseName }
  )
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, index) => from + index)

test.beforeEach(async ({ page }) => {
  await openStoragePage(page)
})

test('a batch with a value IndexedDB cannot clone is refused whole: nothing half-written, the log still verifies', async ({ page }) => {
  const failure = await page.evaluate(async () => {
    const lab = (window as unknown as TWindow).robotaStorage
    const store = new lab.IndexedDBSessionStore()
    await store.commit(lab.createTestRecord('s1', { nextEventSeq: 10 }), lab.createTestEvents('s1', Array.from({ length: 10 }, (_, seq) => seq)))
    const batch = lab.createTestEvents('s1', Array.from({ length: 50 }, (_, index) => 10 + index))
    // Event 35 carries a function: the structured clone of that one put throws mid-batch.
    Object.assign((batch[25] as { data: object }).data, { callback: () => undefined })
    const error = await store.commit(lab.createTestRecord('s1', { nextEventSeq: 60, name: 'Changed' }), batch).then(
      () => undefined,
      (caught: { name: string; code: string; message: string }) => ({ name: caught.name, code: caught.code, message: caught.message })
    )
    const name = (await store.loadSession('s1'))?.name
    await store.close()
    return { error, name }
  })
  expect(failure.error).toMatchObject({ name: 'StorageError', code: 'STORAGE_ERROR', message: expect.stringMatching(/IndexedDB commit failed for session "s1": DataCloneError/) })
  expect(failure.name).toBe('Session s1')
  expect(await readSession(page, 's1')).toEqual({ nextEventSeq: 10, messageCount: 4, seqs: range(0, 10), verified: 'ok 10' })

  // The same batch, cloneable this time, lands whole and chains on.
  await page.evaluate(async () => {
    const lab = (window as unknown as TWindow).robotaStorage
    const store = new lab.IndexedDBSessionStore()
    await store.commit(lab.createTestRecord('s1', { nextEventSeq: 60 }), lab.createTestEvents('s1', Array.from({ length: 50 }, (_, index) => 10 + index)))
    await store.close()
  })
  expect(await readSession(page, 's1')).toEqual({ nextEventSeq: 60, messageCount: 4, seqs: range(0, 60), verified: 'ok 60' })
})

test('a batch cut off by a page reload is stored whole or not at all, and the log verifies either way', async ({ page }) => {
  await page.evaluate(async () => {
    const lab = (window as unknown as TWindow).robotaStorage
    const store = new lab.IndexedDBSessionStore()
    await store.commit(lab.createTestRecord('s1', { nextEventSeq: 10 }), lab.createTestEvents('s1', Array.from({ length: 10 }, (_, seq) => seq)))
    await store.close()
  })
  const outcomes: string[] = []
  let stored = 10
  for (const delayMs of [0, 5, 20, 80, 320, 1280]) {
    const batch = 2_000
    await page.evaluate(
      async ({ from, batch }) => {
        const lab = (window as unknown as TWindow).robotaStorage
        const store = new lab.IndexedDBSessionStore()
        // Opened first, so the reload lands while the batch itself is in flight.
        await store.loadSession('s1')
        void store.commit(lab.createTestRecord('s1', { nextEventSeq: from + batch }), lab.createTestEvents('s1', Array.from({ length: batch }, (_, index) => from + index)))
      },
      { from: stored, batch }
    )
    await page.waitForTimeout(delayMs)
    await page.reload()
    await page.waitForFunction(() => 'robotaStorage' in window)
    const state = await readSession(page, 's1')
    const whole = state.seqs.length === stored + batch
    expect(whole || state.seqs.length === stored, `after a reload ${delayMs} ms into the batch: ${state.seqs.length} events`).toBe(true)
    if (whole) stored += batch
    expect(state).toEqual({ nextEventSeq: stored, messageCount: 4, seqs: range(0, stored), verified: `ok ${stored}` })
    outcomes.push(`${delayMs} ms: ${whole ? 'stored' : 'dropped'}`)
  }
  test.info().annotations.push({ type: 'batches cut by a reload', description: outcomes.join(', ') })
})

test('sessions, replay events and sandbox snapshots survive a reload and reopen', async ({ page }) => {
  const written = await page.evaluate(async () => {
    const lab = (window as unknown as TWindow).robotaStorage
    const store = new lab.IndexedDBSessionStore()
    for (const [index, id] of ['first', 'second', 'third'].entries()) {
      const seqs = Array.from({ length: 5 * (index + 1) }, (_, seq) => seq)
      await store.commit(lab.createTestRecord(id, { updatedAt: 1_000 * (index + 1), nextEventSeq: seqs.length }), lab.createTestEvents(id, seqs))
    }
    await store.saveSandboxSnapshot('second', { files: { '/workspace/a.txt': 'alpha' }, bytes: new Uint8Array([1, 2, 3]) })
    const events = await store.loadEvents('second')
    await store.close()
    return JSON.stringify(events)
  })

  await page.reload()
  await page.waitForFunction(() => 'robotaStorage' in window)
  const reopened = await page.evaluate(async () => {
    const lab = (window as unknown as TWindow).robotaStorage
    const store = new lab.IndexedDBSessionStore()
    const listing = await store.listSessions()
    const snapshot = (await store.loadSandboxSnapshot('second')) as { files: Record<string, string>; bytes: Uint8Array }
    const events = JSON.stringify(await store.loadEvents('second'))
    const verified = lab.verifyReplayLog(await store.loadReplayLog('third'))
    await store.close()
    return {
      order: listing.sessions.map((summary) => `${summary.id}:${summary.messageCount}`),
      corrupt: listing.corrupt.length,
      snapshot: { files: snapshot.files, bytes: snapshot.bytes instanceof Uint8Array ? [...snapshot.bytes] : 'not bytes' },
      events,
      verified: verified.ok ? verified.recordCount : verified.reason
    }
  })
  expect(reopened).toEqual({
    order: ['third:4', 'second:4', 'first:4'],
    corrupt: 0,
    snapshot: { files: { '/workspace/a.txt': 'alpha' }, bytes: [1, 2, 3] },
    events: written,
    verified: 15
  })
})

test('a database an older schema wrote (version 1, unchained events) is migrated on open after a reload', async ({ page }) => {
  await page.evaluate(async () => {
    const lab = (window as unknown as TWindow).robotaStorage
    const request = indexedDB.open('legacy', 1)
    request.onupgradeneeded = () => {
      request.result.createObjectStore('sessions', { keyPath: 'id' })
      request.result.createObjectStore('events', { keyPath: ['sessionId', 'seq'] })
    }
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    const transaction = database.transaction(['sessions', 'events'], 'readwrite')
    for (const id of ['old-a', 'old-b']) {
      transaction.objectStore('sessions').put(lab.createTestRecord(id, { nextEventSeq: 6 }))
      for (const event of lab.createTestEvents(id, [0, 1, 2, 3, 4, 5])) transaction.objectStore('events').put(event)
    }
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve()
      transaction.onerror = () => reject(transaction.error)
    })
    database.close()
  })

  await page.reload()
  await page.waitForFunction(() => 'robotaStorage' in window)
  expect(await readSession(page, 'old-a', 'legacy')).toEqual({ nextEventSeq: 6, messageCount: 4, seqs: range(0, 6), verified: 'ok 6' })
  expect(await readSession(page, 'old-b', 'legacy')).toEqual({ nextEventSeq: 6, messageCount: 4, seqs: range(0, 6), verified: 'ok 6' })
  const upgraded = await page.evaluate(async () => {
    const lab = (window as unknown as TWindow).robotaStorage
    const store = new lab.IndexedDBSessionStore({ databaseName: 'legacy' })
    // The migrated log takes new events on its chain, and the snapshot store added by version 3 works.
    await store.commit(lab.createTestRecord('old-a', { nextEventSeq: 8 }), lab.createTestEvents('old-a', [6, 7]))
    await store.saveSandboxSnapshot('old-a', { files: { '/workspace/kept.txt': 'kept' } })
    const snapshot = await store.loadSandboxSnapshot('old-a')
    await store.close()
    const version = (await indexedDB.databases()).find((database) => database.name === 'legacy')?.version
    return { snapshot, version, expected: lab.ROBOTA_DATABASE_VERSION }
  })
  expect(upgraded.version).toBe(upgraded.expected)
  expect(upgraded.snapshot).toEqual({ files: { '/workspace/kept.txt': 'kept' } })
  expect(await readSession(page, 'old-a', 'legacy')).toEqual({ nextEventSeq: 8, messageCount: 4, seqs: range(0, 8), verified: 'ok 8' })
})

test('a full origin refuses a write with a StorageQuotaError naming what was written; everything before stays intact', async ({ page }) => {
  // Chromium reads an origin's quota when its storage is first used, so the override comes first:
  // 1 MiB holds the session below but not the 3 MiB batch that follows.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: STORAGE_PAGE_ORIGIN, quotaSize: 1024 * 1024 })
  await page.evaluate(async () => {
    const lab = (window as unknown as TWindow).robotaStorage
    const store = new lab.IndexedDBSessionStore()
    await store.commit(lab.createTestRecord('s1', { nextEventSeq: 20 }), lab.createTestEvents('s1', Array.from({ length: 20 }, (_, seq) => seq)))
    await store.saveSandboxSnapshot('s1', { files: { '/workspace/a.txt': 'alpha' } })
    await store.close()
  })

  const refused = await page.evaluate(async () => {
    const lab = (window as unknown as TWindow).robotaStorage
    const store = new lab.IndexedDBSessionStore()
    // Random text: IndexedDB compresses what it stores, and a repeated letter would fit any quota.
    const randomText = (length: number) => Array.from(crypto.getRandomValues(new Uint8Array(length)), (byte) => String.fromCharCode(33 + (byte % 94))).join('')
    const batch = Array.from({ length: 200 }, (_, index) => lab.createTestEvent('s1', 20 + index, randomText(16 * 1024)))
    const describe = (caught: { name: string; code: string; message: string; details: unknown }) => ({
      name: caught.name,
      code: caught.code,
      message: caught.message,
      details: caught.details
    })
    const commit = await store.commit(lab.createTestRecord('s1', { nextEventSeq: 220, name: 'Grown' }), batch).then(() => undefined, describe)
    const snapshot = await store.saveSandboxSnapshot('s1', { files: { '/workspace/big.bin': Array.from({ length: 64 }, () => randomText(64 * 1024)).join('') } }).then(() => undefined, describe)
    const kept = await store.loadSandboxSnapshot('s1')
    const name = (await store.loadSession('s1'))?.name
    await store.close()
    return { commit, snapshot, kept, name }
  })
  expect(refused.commit).toEqual({
    name: 'StorageQuotaError',
    code: 'STORAGE_QUOTA_EXCEEDED',
    message: expect.stringMatching(/^Browser storage is full: IndexedDB refused to save 200 replay events and the record of session "s1" \(commit: QuotaExceededError/),
    details: { operation: 'commit', databaseName: 'robota', sessionId: 's1' }
  })
  expect(refused.commit?.message).toMatch(/everything saved before is intact/)
  expect(refused.snapshot).toMatchObject({
    name: 'StorageQuotaError',
    code: 'STORAGE_QUOTA_EXCEEDED',
    message: expect.stringMatching(/^Browser storage is full: IndexedDB refused to save the sandbox snapshot of session "s1"/)
  })
  expect(refused.kept).toEqual({ files: { '/workspace/a.txt': 'alpha' } })
  expect(refused.name).toBe('Session s1')
  expect(await readSession(page, 's1')).toEqual({ nextEventSeq: 20, messageCount: 4, seqs: range(0, 20), verified: 'ok 20' })

  // With room again, the same batch lands whole on the intact chain.
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: STORAGE_PAGE_ORIGIN })
  await page.evaluate(async () => {
    const lab = (window as unknown as TWindow).robotaStorage
    const store = new lab.IndexedDBSessionStore()
    const batch = Array.from({ length: 200 }, (_, index) => lab.createTestEvent('s1', 20 + index, 'x'.repeat(16 * 1024)))
    await store.commit(lab.createTestRecord('s1', { nextEventSeq: 220 }), batch)
    await store.close()
  })
  expect(await readSession(page, 's1')).toEqual({ nextEventSeq: 220, messageCount: 4, seqs: range(0, 220), verified: 'ok 220' })
})
