import { IDBFactory } from 'fake-indexeddb'
import { beforeAll, describe, expect, it } from 'vitest'
import { stubIndexedDBGlobals } from '../storage/indexeddb/fake-indexeddb.fixtures.ts'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import { IndexedDBSessionStore } from '../storage/indexeddb/indexeddb-session-store.ts'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import { chainReplayEvents, GENESIS_HASH, type TReplayRecord } from '../storage/replay-log/hash-chain.ts'
import { exportReplayLogJsonl } from '../storage/replay-log/replay-jsonl.ts'
import type { ISessionStore } from '../storage/session-store.ts'
import { ScriptedProvider } from '../testing/scripted-provider.ts'
import { recordSuiteTotal } from '../testing/suite-totals.ts'
import { LocalAgentHost } from './local-agent-host.ts'

// Imported replay logs are untrusted files: tampered, cut short, of another version, not JSON at
// all, huge, or stitched from other sessions. Each is refused with a message naming what is wrong
// and on which line, and nothing of it reaches the store.

const SUITE = 'replay import bad inputs'

stubIndexedDBGlobals()

function createHost(store: ISessionStore, steps: ConstructorParameters<typeof ScriptedProvider>[0] = []): LocalAgentHost {
  const provider = new ScriptedProvider(steps)
  return new LocalAgentHost({
    store,
    createSandbox: () => new InMemorySandboxClient(),
    createProvider: () => provider,
    defaultProvider: { kind: 'scripted', model: 'scripted-model' },
    eventIntervalMs: 1,
    permissionMode: 'bypassPermissions'
  })
}

let exported = ''
let sessionId = ''
let otherSessionLine = ''

beforeAll(async () => {
  const host = createHost(new MemorySessionStore(), [
    { toolCalls: [{ name: 'Bash', arguments: { command: 'echo hi' } }] },
    { text: 'Said hi.' },
    { text: 'Other session.' }
  ])
  const session = await host.createSession()
  await host.submit(session.id, 'Say hi')
  sessionId = session.id
  exported = await host.exportReplay(session.id)
  const other = await host.createSession()
  await host.submit(other.id, 'Something else')
  otherSessionLine = (await host.exportReplay(other.id)).split('\n')[1] ?? ''
})

type TLine = Record<string, unknown>
const lines = (): string[] => exported.trimEnd().split('\n')
const parsed = (): TLine[] => lines().map((line) => JSON.parse(line) as TLine)
const join = (items: readonly string[]): string => `${items.join('\n')}\n`
const withLine = (index: number, change: (line: TLine) => TLine): string => join(parsed().map((line, at) => JSON.stringify(at === index ? change(line) : line)))

/** An export of `events`, chained as a writer would: it verifies, so only the contents can be refused. */
function rechained(events: TExecutionEventEnvelope[]): string {
  const records: TReplayRecord[] = chainReplayEvents(GENESIS_HASH, events)
  return exportReplayLogJsonl(events[0]?.sessionId ?? 'x', records)
}

const events = (): TExecutionEventEnvelope[] => parsed().slice(1).map((line) => line.event as TExecutionEventEnvelope)

type TBadImport = { name: string; file: () => string; problem: RegExp }

const CORPUS: TBadImport[] = [
  {
    name: 'an event changed after export',
    file: () => exported.replace('Said hi.', 'Said bye.'),
    problem: /Replay import refused: record \d+ \(seq \d+\) was changed after it was written: its hash does not match \(line \d+\)/
  },
  {
    name: 'a hash overwritten',
    file: () => withLine(2, (line) => ({ ...line, hash: 'f'.repeat(64) })),
    problem: /Replay import refused: record 1 \(seq 1\) was changed after it was written.*\(line 3\)|record 2 does not follow record 1/
  },
  { name: 'the last record cut off', file: () => join(lines().slice(0, -1)), problem: /Replay import refused: the file is truncated: the header announces (\d+) records, the file holds \d+/ },
  { name: 'the file cut mid-line', file: () => exported.slice(0, exported.length - 40), problem: /Replay import refused: line \d+ is not JSON/ },
  { name: 'a newer format version', file: () => withLine(0, (line) => ({ ...line, version: 3 })), problem: /Replay import refused: format version 3 is not supported \(expected 1 to 2\)/ },
  { name: 'a record of another version', file: () => withLine(3, (line) => ({ ...line, version: 7 })), problem: /Replay import refused: record 2 has format version 7; expected 1 to 2 \(line 4\)/ },
  { name: 'not JSON at all', file: () => 'This is a chat transcript, not a replay log.\n', problem: /Replay import refused: line 1 is not JSON/ },
  { name: 'an empty file', file: () => '\n\n', problem: /Replay import refused: the file is empty/ },
  { name: 'some other JSON file', file: () => '{"name":"robota","version":"0.1.0"}\n', problem: /Replay import refused: line 1 is not a Robota replay header/ },
  { name: 'a header without a session id', file: () => withLine(0, ({ sessionId: _dropped, ...line }) => line), problem: /Replay import refused: the header lacks sessionId or recordCount/ },
  { name: 'a record that is not an object', file: () => join([...lines().slice(0, 2), '[1,2,3]', ...lines().slice(3)]), problem: /Replay import refused: line 3 is not a replay record/ },
  { name: 'a line from another session spliced in', file: () => join([...lines().slice(0, 2), otherSessionLine, ...lines().slice(3)]), problem: /Replay import refused: line 3 belongs to another session/ },
  {
    name: 'two records swapped',
    file: () => join([lines()[0] ?? '', lines()[2] ?? '', lines()[1] ?? '', ...lines().slice(3)]),
    problem: /Replay import refused: record 0 does not follow record -1: the chain is broken \(line 2\)/
  },
  {
    name: 'a record repeated',
    file: () => join([...lines().slice(0, 3), lines()[2] ?? '', ...lines().slice(3)]),
    problem: /Replay import refused: the file holds \d+ records, more than the (\d+) its header announces/
  },
  { name: 'a header whose last hash is wrong', file: () => withLine(0, (line) => ({ ...line, lastHash: 'a'.repeat(64) })), problem: /Replay import refused: the last hash does not match the header/ },
  { name: 'a file over 64 MiB', file: () => `${lines()[0] ?? ''}\n${'x'.repeat(64 * 1024 * 1024)}\n`, problem: /Replay import refused: the file is larger than 67108864 bytes/ },
  {
    name: 'a re-chained log with a seq used twice',
    file: () => rechained(events().map((event, index) => (index === 2 ? { ...event, seq: 1 } : event))),
    problem: /Replay import refused: record 2 has seq 1, not after seq 1 \(line 4\)/
  },
  {
    name: 'a re-chained log whose history holds a message of an unknown role',
    file: () =>
      rechained(
        events().map((event) =>
          event.type === 'history_mutation' && event.data.index === 0
            ? { ...event, data: { ...event.data, message: { ...event.data.message, role: 'root' } } } as unknown as TExecutionEventEnvelope
            : event
        )
      ),
    problem: /Cannot commit session "[^"]+": messages\[0\]\.role: /
  }
]

async function countRawEvents(factory: IDBFactory): Promise<number> {
  const database = await new Promise<globalThis.IDBDatabase>((resolve, reject) => {
    const request = factory.open('robota')
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
  const count = await new Promise<number>((resolve, reject) => {
    if (!database.objectStoreNames.contains('events')) return resolve(0)
    const request = database.transaction('events').objectStore('events').count()
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
  database.close()
  return count
}

describe('importReplay refuses untrusted files and stores nothing', () => {
  it('holds at least 10 bad files', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(10)
  })

  it('imports the untouched export, so each refusal below is the change alone', async () => {
    const host = createHost(new IndexedDBSessionStore({ indexedDB: new IDBFactory() }))
    expect(await host.importReplay(exported)).toMatchObject({ id: sessionId, messageCount: 4 })
    expect(await host.verifyReplay(sessionId)).toMatchObject({ ok: true })
  })

  it.each(CORPUS)('$name', async ({ file, problem }) => {
    const factory = new IDBFactory()
    const store = new IndexedDBSessionStore({ indexedDB: factory })
    const host = createHost(store)
    await expect(host.importReplay(file())).rejects.toThrow(problem)
    expect(await host.listSessions()).toEqual({ sessions: [], corrupt: [] })
    expect(await countRawEvents(factory)).toBe(0)
    await store.close()
    recordSuiteTotal(SUITE, 'badInputs')
  })

  it('refuses a log whose session already exists and leaves the stored one as it was', async () => {
    const store = new IndexedDBSessionStore({ indexedDB: new IDBFactory() })
    const host = createHost(store)
    await host.importReplay(exported)
    const before = await host.openSession(sessionId)
    const forged = rechained(events().map((event) => (event.type === 'history_mutation' ? { ...event, ts: event.ts + 1 } : event)))
    await expect(host.importReplay(forged)).rejects.toThrow(`Cannot import session "${sessionId}": it is already in this store as "New session". Open it, or import the file as a copy.`)
    expect(await host.openSession(sessionId)).toEqual(before)
    expect(await host.verifyReplay(sessionId)).toMatchObject({ ok: true })
    await store.close()
    recordSuiteTotal(SUITE, 'badInputs')
  })
})
