import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { verifyReplayLog } from '../../lib/storage/replay-log/hash-chain.ts'
import { exportReplayLogJsonl, importReplayLogJsonl } from '../../lib/storage/replay-log/replay-jsonl.ts'
import { createTestEvents, createTestRecord } from '../../lib/storage/session-store.fixtures.ts'
import { describeSessionStore } from '../../lib/storage/session-store.contract.ts'
import { MemorySessionStore } from '../../lib/storage/memory-session-store.ts'
import { recordSuiteTotal } from '../../lib/testing/suite-totals.ts'
import { FileSessionStore } from './file-session-store.ts'

const root = mkdtempSync(join(tmpdir(), 'robota-file-store-'))
let counter = 0
const freshDirectory = () => join(root, `store-${counter++}`)

afterAll(() => rmSync(root, { recursive: true, force: true }))

describeSessionStore('FileSessionStore', () => new FileSessionStore(freshDirectory()))

describe('FileSessionStore', () => {
  it('keeps sessions across store instances, as a later run of the terminal client reads them', async () => {
    const directory = freshDirectory()
    await new FileSessionStore(directory).commit(createTestRecord('s1', { nextEventSeq: 3 }), createTestEvents('s1', [0, 1, 2]))
    const reopened = new FileSessionStore(directory)
    expect(await reopened.loadSession('s1')).toEqual(createTestRecord('s1', { nextEventSeq: 3 }))
    expect(verifyReplayLog(await reopened.loadReplayLog('s1'), await reopened.loadReplayLogHead('s1'))).toMatchObject({ ok: true, recordCount: 3 })
  })

  it('chains the same log as the memory store, so exports are interchangeable', async () => {
    const file = new FileSessionStore(freshDirectory())
    const memory = new MemorySessionStore()
    for (const store of [file, memory]) {
      await store.commit(createTestRecord('s1'), createTestEvents('s1', [0, 1]))
      await store.commit(createTestRecord('s1'), createTestEvents('s1', [2]))
    }
    const exported = exportReplayLogJsonl('s1', await file.loadReplayLog('s1'), await file.loadReplayLogHead('s1'))
    expect(exported).toBe(exportReplayLogJsonl('s1', await memory.loadReplayLog('s1'), await memory.loadReplayLogHead('s1')))
    const imported = importReplayLogJsonl(exported)
    const other = new FileSessionStore(freshDirectory())
    await other.importSession(createTestRecord('s1'), imported.records)
    expect(await other.loadEvents('s1')).toEqual(await memory.loadEvents('s1'))
  })

  it('lists a corrupt file apart and refuses to load it, naming the session', async () => {
    const directory = freshDirectory()
    const store = new FileSessionStore(directory)
    await store.commit(createTestRecord('good'), [])
    writeFileSync(join(directory, 'broken.session.json'), '{"version":1,"record":{"id":"broken"},"events":[]}')
    writeFileSync(join(directory, 'garbled.session.json'), 'not json')
    const listing = await store.listSessions()
    expect(listing.sessions.map((session) => session.id)).toEqual(['good'])
    expect(listing.corrupt.map((entry) => entry.id).sort()).toEqual(['broken', 'garbled'])
    await expect(store.loadSession('broken')).rejects.toThrow(/Session "broken" is corrupt/)
    await expect(store.loadSession('garbled')).rejects.toThrow(/not valid JSON/)
    recordSuiteTotal('cli-file-session-store', 'badInputs', 2)
  })

  it('refuses an id that is not a plain file name and writes nothing', async () => {
    const directory = freshDirectory()
    const store = new FileSessionStore(directory)
    await expect(store.commit(createTestRecord('../escape'), [])).rejects.toThrow(/may hold only letters, digits/)
    await expect(store.saveSandboxSnapshot('a/b', {})).rejects.toThrow(/may hold only letters, digits/)
    expect(await store.loadSession('../escape')).toBeUndefined()
    expect(() => readdirSync(directory)).toThrow(/ENOENT/)
    expect(readdirSync(root)).not.toContain('escape.session.json')
    recordSuiteTotal('cli-file-session-store', 'securityChecks', 2)
  })
})
