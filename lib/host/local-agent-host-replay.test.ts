import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import type { IAIProvider } from '../core/provider.ts'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import { cutMemoryLogTail } from '../storage/session-store.fixtures.ts'
import { ScriptedProvider, type TScriptedStepSource } from '../testing/scripted-provider.ts'
import { LocalAgentHost } from './local-agent-host.ts'

function makeHost(steps: TScriptedStepSource[], store = new MemorySessionStore()) {
  const provider: IAIProvider = new ScriptedProvider(steps, { name: 'scripted' })
  return new LocalAgentHost({
    store,
    createSandbox: () => new InMemorySandboxClient({ files: { 'notes.txt': 'token=sk-ant-abcdefghijklmnopqrstuvwxyz\n' } }),
    createProvider: () => provider,
    defaultProvider: { kind: 'scripted', model: 'scripted-model' },
    eventIntervalMs: 1,
    permissionMode: 'bypassPermissions'
  })
}

describe('LocalAgentHost replay', () => {
  it('exports a verifiable log that imports into a fresh store as the same session', async () => {
    const host = makeHost([{ toolCalls: [{ name: 'Bash', arguments: { command: 'echo hi' } }] }, { text: 'Said hi.' }])
    const session = await host.createSession({ name: 'Greetings' })
    await host.submit(session.id, 'Say hi')
    expect(await host.verifyReplay(session.id)).toMatchObject({ ok: true })
    // A mistyped id verifies nothing: it is refused as exporting it is.
    await expect(host.verifyReplay('no-such-session')).rejects.toThrow('No session with id "no-such-session".')
    const jsonl = await host.exportReplay(session.id)

    const fresh = makeHost([])
    const imported = await fresh.importReplay(jsonl)
    expect(imported).toMatchObject({ id: session.id, name: 'Greetings', messageCount: 4 })
    const original = await host.openSession(session.id)
    const copy = await fresh.openSession(session.id)
    expect(copy.messages).toEqual(original.messages)
    expect(copy.events).toEqual(original.events)
    expect(await fresh.verifyReplay(session.id)).toMatchObject({ ok: true, recordCount: original.events.length })
    await expect(fresh.importReplay(jsonl)).rejects.toThrow('it is already in this store as "Greetings". Open it, or import the file as a copy.')
  })

  it('stores a call whose arguments hold numbers JSON has no form for, keeps the session working, and verifies after export and import', async () => {
    const host = makeHost([{ toolCalls: [{ name: 'Bash', arguments: { command: 'echo odd', timeout: Number.NaN, retries: Number.POSITIVE_INFINITY } }] }, { text: 'Done.' }, { text: 'Still here.' }])
    const session = await host.createSession()
    await host.submit(session.id, 'Run it')
    await host.submit(session.id, 'And again?')
    const opened = await host.openSession(session.id)
    expect(opened.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Still here.' })
    expect(await host.verifyReplay(session.id)).toMatchObject({ ok: true })
    const fresh = makeHost([])
    await fresh.importReplay(await host.exportReplay(session.id))
    expect(await fresh.verifyReplay(session.id)).toMatchObject({ ok: true })
  })

  it('imports a log already stored as a copy: a new id, the name marked, the same events chained afresh', async () => {
    const host = makeHost([{ toolCalls: [{ name: 'Bash', arguments: { command: 'echo hi' } }] }, { text: 'Said hi.' }])
    const session = await host.createSession({ name: 'Greetings' })
    await host.submit(session.id, 'Say hi')
    const jsonl = await host.exportReplay(session.id)

    const copy = await host.importReplay(jsonl, { asCopy: true })
    expect(copy).toMatchObject({ name: 'Greetings (copy)', messageCount: 4 })
    expect(copy.id).not.toBe(session.id)
    const original = await host.openSession(session.id)
    const copied = await host.openSession(copy.id)
    expect(copied.messages).toEqual(original.messages)
    expect(copied.events).toEqual(original.events.map((event) => ({ ...event, sessionId: copy.id })))
    expect(await host.verifyReplay(copy.id)).toMatchObject({ ok: true, recordCount: original.events.length })
    // A tampered file is refused as a copy too: it is verified against its own chain first.
    await expect(host.importReplay(jsonl.replace('Said hi.', 'Said bye.'), { asCopy: true })).rejects.toThrow(/refused/)
    expect((await host.listSessions()).sessions).toHaveLength(2)
  })

  it('names an import after the session the header names, and ignores a header name that is not a short text', async () => {
    const host = makeHost([{ text: 'Hello.' }])
    const session = await host.createSession({ name: 'Greetings' })
    await host.submit(session.id, 'Say hi')
    const [header, ...records] = (await host.exportReplay(session.id)).trim().split('\n')
    const withName = (name: unknown) => [JSON.stringify({ ...JSON.parse(header ?? '{}'), name }), ...records].join('\n')
    expect((await makeHost([]).importReplay(withName('x'.repeat(201)))).name).toBe('Imported session')
    expect((await makeHost([]).importReplay(withName(7))).name).toBe('Imported session')
    expect((await makeHost([]).importReplay(withName('  Renamed  '))).name).toBe('Renamed')
  })

  it('tells a stored log cut at its tail: verify fails, and its export is refused on import', async () => {
    const store = new MemorySessionStore()
    const host = makeHost([{ toolCalls: [{ name: 'Bash', arguments: { command: 'echo hi' } }] }, { text: 'Said hi.' }], store)
    const session = await host.createSession()
    await host.submit(session.id, 'Say hi')
    const whole = (await host.openSession(session.id)).events.length
    cutMemoryLogTail(store, session.id, 2)
    expect(await host.verifyReplay(session.id)).toEqual({ ok: false, index: whole - 2, reason: `the log is cut short: the store wrote ${whole} records, ${whole - 2} are left` })
    const fresh = makeHost([])
    await expect(fresh.importReplay(await host.exportReplay(session.id))).rejects.toThrow(/the file is truncated/)
    expect((await fresh.listSessions()).sessions).toEqual([])
  })

  it('refuses a tampered export and stores nothing', async () => {
    const host = makeHost([{ text: 'Original answer.' }])
    const session = await host.createSession()
    await host.submit(session.id, 'hi')
    const tampered = (await host.exportReplay(session.id)).replace('Original answer.', 'Forged answer.')
    const fresh = makeHost([])
    await expect(fresh.importReplay(tampered)).rejects.toThrow(/Replay import refused: record \d+ .* was changed after it was written/)
    expect((await fresh.listSessions()).sessions).toEqual([])
  })

  it('redacts secrets a tool surfaces before they are stored, shown or exported', async () => {
    const host = makeHost([{ toolCalls: [{ name: 'Bash', arguments: { command: 'cat notes.txt' } }] }, { text: 'done' }])
    const session = await host.createSession()
    const shown: string[] = []
    await host.subscribe((events) => {
      shown.push(JSON.stringify(events))
    })
    await host.submit(session.id, 'read the notes')
    const stored = JSON.stringify(await host.openSession(session.id))
    for (const text of [stored, shown.join(''), await host.exportReplay(session.id)]) {
      expect(text).not.toContain('abcdefghijklmnopqrstuvwxyz')
      expect(text).toContain('[REDACTED]')
    }
  })
})

describe('LocalAgentHost re-run', () => {
  it('re-runs a stored session offline in a fresh sandbox and reports that it matches', async () => {
    const host = makeHost([{ toolCalls: [{ name: 'Bash', arguments: { command: 'wc -l notes.txt' } }] }, { text: 'One line.' }])
    const session = await host.createSession()
    await host.submit(session.id, 'count the lines')
    const report = await host.rerunReplay(session.id)
    expect(report, JSON.stringify(report)).toMatchObject({ matches: true, prompts: 1, recordedCalls: 2, replayedCalls: 2 })
    expect(report.difference).toBeUndefined()
  })

  it('a fork starts its log with the copied conversation: it verifies, rebuilds its history and re-runs its next turn', async () => {
    const host = makeHost([
      { toolCalls: [{ name: 'Bash', arguments: { command: 'wc -l notes.txt' } }] },
      { text: 'One line.' },
      { toolCalls: [{ name: 'Bash', arguments: { command: 'echo more >> notes.txt' } }] },
      { text: 'Added one.' }
    ])
    const source = await host.createSession()
    await host.submit(source.id, 'count the lines')
    const fork = await host.forkSession(source.id)
    await host.submit(fork.id, 'add a line')

    const opened = await host.openSession(fork.id)
    expect(opened.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'user', 'assistant', 'tool', 'assistant'])
    expect(opened.events[0]).toMatchObject({ type: 'history_replaced', seq: 0, data: { reason: 'fork', fromSessionId: source.id } })
    expect(await host.verifyReplay(fork.id)).toMatchObject({ ok: true })
    const fresh = makeHost([])
    await fresh.importReplay(await host.exportReplay(fork.id))
    expect((await fresh.openSession(fork.id)).messages).toEqual(opened.messages)
    const report = await host.rerunReplay(fork.id)
    expect(report, JSON.stringify(report)).toMatchObject({ matches: true, prompts: 1, recordedCalls: 2, replayedCalls: 2 })
  })
})
