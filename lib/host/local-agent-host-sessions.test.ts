import { describe, expect, it, vi } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import type { IAIProvider } from '../core/provider.ts'
import type { TPermissionMode } from '../permissions/index.ts'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import { ScriptedProvider, type TScriptedStepSource } from '../testing/scripted-provider.ts'
import type { TProviderChoice } from './agent-host.ts'
import { LocalAgentHost } from './local-agent-host.ts'

function makeHost(steps: TScriptedStepSource[], store = new MemorySessionStore(), permissionMode: TPermissionMode = 'bypassPermissions') {
  const built: TProviderChoice[] = []
  const host = new LocalAgentHost({
    store,
    createSandbox: () => new InMemorySandboxClient({ files: { 'README.md': '# Demo\n' } }),
    createProvider: (choice): IAIProvider => {
      built.push(choice)
      return new ScriptedProvider(steps, { name: choice.kind })
    },
    defaultProvider: { kind: 'scripted', model: 'scripted-model' },
    eventIntervalMs: 1,
    permissionMode,
    applyManifest: async (sandbox, manifest) => {
      const files = (manifest as { files: Record<string, string> }).files
      for (const [path, content] of Object.entries(files)) await sandbox.writeFile(`/workspace/${path}`, content)
      return { entries: Object.keys(files).map((path) => ({ path, type: 'file', status: 'applied' as const })) }
    }
  })
  return { host, store, built }
}

const write = (path: string, content: string) => ({ toolCalls: [{ name: 'Write', arguments: { filePath: path, content } }] })
const decisionsIn = (events: readonly TExecutionEventEnvelope[]) => events.flatMap((event) => (event.type === 'permission_decision' ? [event.data] : []))

describe('LocalAgentHost sessions', () => {
  it('restores the sandbox files a turn wrote when the session resumes in a new host', async () => {
    const store = new MemorySessionStore()
    const first = makeHost([write('notes.md', 'remember me\n'), { text: 'Saved.' }], store)
    const session = await first.host.createSession()
    await first.host.submit(session.id, 'write a note')

    const second = makeHost([], store)
    expect(await second.host.readFile(session.id, '/workspace/notes.md')).toBe('remember me\n')
  })

  it('forks conversation and workspace under a new id, leaving the original alone', async () => {
    const { host } = makeHost([write('a.txt', 'from parent\n'), { text: 'done' }, { text: 'fork answer' }])
    const parent = await host.createSession({ name: 'Parent' })
    await host.submit(parent.id, 'write')
    const fork = await host.forkSession(parent.id)
    expect(fork).toMatchObject({ name: 'Parent (fork)', messageCount: 4 })
    expect(fork.id).not.toBe(parent.id)
    expect(await host.readFile(fork.id, '/workspace/a.txt')).toBe('from parent\n')

    await host.writeFile(fork.id, '/workspace/a.txt', 'changed in fork\n')
    expect(await host.readFile(parent.id, '/workspace/a.txt')).toBe('from parent\n')
    expect((await host.openSession(parent.id)).messages).toHaveLength(4)
  })

  it('keeps in a fork how each copied tool call was decided, so its view shows what its source did', async () => {
    const bash = (id: string, command: string) => ({ id, name: 'Bash', arguments: { command } })
    // Each session's provider starts at the first step: the prompt, not the step, picks the reply.
    const reply: TScriptedStepSource = (messages) =>
      messages.at(-1)?.content === 'go' ? { toolCalls: [bash('call-echo', 'echo hi'), bash('call-rm', 'rm README.md')] } : { text: 'done' }
    const { host } = makeHost([reply, reply, reply], undefined, 'default')
    await host.subscribe(async (events) => {
      for (const event of events) {
        if (event.kind === 'permission_request') await host.answerPermission(event.sessionId, event.requestId, event.request.parameters.command === 'echo hi' ? 'allow_once' : 'deny')
      }
    })
    const source = await host.createSession()
    await host.submit(source.id, 'go')
    const decided = decisionsIn((await host.openSession(source.id)).events)
    expect(decided.map(({ toolCallId, decision, source }) => [toolCallId, decision, source])).toEqual([
      ['call-echo', 'allow', 'handler'],
      ['call-rm', 'deny', 'handler']
    ])

    const fork = await host.forkSession(source.id)
    const opened = await host.openSession(fork.id, { latestMessages: 30, latestEvents: 1_000 })
    expect(opened.events.map((event) => [event.seq, event.type])).toEqual([
      [0, 'history_replaced'],
      [1, 'permission_decision'],
      [2, 'permission_decision']
    ])
    // Marked as copies: the fork does not hold the source's allowances.
    const copied = decided.map((data) => ({ ...data, copiedFrom: source.id }))
    expect(decisionsIn(opened.events)).toEqual(copied)
    expect(decisionsIn((await host.openSession(fork.id)).events)).toEqual(copied)
    // The fork's own turns continue its log after the copies, and a fork of it keeps them too.
    await host.submit(fork.id, 'and now?')
    expect(await host.verifyReplay(fork.id)).toMatchObject({ ok: true })
    const again = await host.forkSession(fork.id)
    expect(decisionsIn((await host.openSession(again.id)).events)).toEqual(decided.map((data) => ({ ...data, copiedFrom: fork.id })))
  })

  it("starts an open session's next turn from its own committed messages, reading the whole record only when the stored count differs", async () => {
    const { host, store } = makeHost([{ text: 'one' }, { text: 'two' }, { text: 'three' }])
    const session = await host.createSession()
    await host.submit(session.id, 'first')
    const wholeReads = vi.spyOn(store, 'loadSession')

    await host.submit(session.id, 'second')
    expect(wholeReads).not.toHaveBeenCalled()
    const record = await store.loadSession(session.id)
    expect(record?.messages.map((message) => message.content)).toEqual(['first', 'one', 'second', 'two'])

    // Another writer appends a message: the stored count no longer matches what this session committed.
    const changed = { ...record!, messages: [...record!.messages, { ...record!.messages[0]!, id: 'elsewhere', content: 'written elsewhere' }] }
    await store.commit(changed, [])
    wholeReads.mockClear()
    await host.submit(session.id, 'third')
    expect(wholeReads).toHaveBeenCalledWith(session.id)
    expect((await store.loadSession(session.id))?.messages.slice(-2).map((message) => message.content)).toEqual(['third', 'three'])
  })

  it('takes a choice of the provider the session already uses without reading or writing its record', async () => {
    const { host, store, built } = makeHost([{ text: 'one' }])
    const session = await host.createSession()
    await host.submit(session.id, 'first')
    const stored = await store.loadSession(session.id)
    const wholeReads = vi.spyOn(store, 'loadSession')
    const commits = vi.spyOn(store, 'commit')

    const summary = await host.setProvider(session.id, { kind: 'scripted', model: 'scripted-model', apiKey: 'sk-in-memory-only' })
    expect(summary).toMatchObject({ providerName: 'scripted', model: 'scripted-model', updatedAt: stored?.updatedAt, messageCount: 2 })
    expect(commits).not.toHaveBeenCalled()
    // The session is open: it is assembled again around the provider just built, from its record.
    expect(built.at(-1)).toMatchObject({ apiKey: 'sk-in-memory-only' })
    expect(wholeReads).toHaveBeenCalledTimes(1)

    await host.setProvider(session.id, { kind: 'scripted', model: 'another-model' })
    expect(commits).toHaveBeenCalledTimes(1)
    expect(await store.loadSession(session.id)).toMatchObject({ model: 'another-model' })
  })

  it('renames and deletes sessions, refusing an empty name', async () => {
    const { host, store } = makeHost([])
    const session = await host.createSession()
    expect(await host.renameSession(session.id, '  Bug hunt ')).toMatchObject({ name: 'Bug hunt' })
    await expect(host.renameSession(session.id, ' ')).rejects.toThrow(/name is empty/)
    await host.writeFile(session.id, '/workspace/x.txt', 'x')
    await host.deleteSession(session.id)
    expect((await host.listSessions()).sessions).toEqual([])
    expect(await store.loadSandboxSnapshot(session.id)).toBeUndefined()
    await expect(host.openSession(session.id)).rejects.toThrow(/No session/)
  })

  it('keeps a rename made while the session starts: the start does not write the old name back', async () => {
    const { host, store } = makeHost([{ text: 'Hello.' }])
    const session = await host.createSession()
    // Reading a file starts the live session, as the page's file tree does when a session opens.
    const starting = host.readFile(session.id, '/workspace/README.md')
    await host.renameSession(session.id, 'Named at once')
    expect(await starting).toBe('# Demo\n')
    await host.submit(session.id, 'hi')
    expect(await store.loadSession(session.id)).toMatchObject({ name: 'Named at once', messages: [{ role: 'user' }, { role: 'assistant' }] })
  })

  it('keeps a rename made while a turn runs: the commits of the turn carry the new name', async () => {
    const { host, store } = makeHost([{ toolCalls: [{ name: 'Bash', arguments: { command: 'sleep 0.3; echo done' } }] }, { text: 'Ran it.' }])
    const session = await host.createSession()
    const toolStarted = new Promise<void>((resolve) =>
      host.subscribe((events) => {
        if (events.some((event) => event.kind === 'replay' && event.event.type === 'tool_execution_request')) resolve()
      })
    )
    const turn = host.submit(session.id, 'run it')
    await toolStarted
    expect(await host.renameSession(session.id, 'Renamed mid-turn')).toMatchObject({ name: 'Renamed mid-turn' })
    await turn
    expect(await store.loadSession(session.id)).toMatchObject({ name: 'Renamed mid-turn' })
    expect((await host.listSessions()).sessions[0]).toMatchObject({ name: 'Renamed mid-turn', messageCount: 4 })
  })

  it('lands every change made to a session at once: each reads the record after the one before has written it', async () => {
    const { host, store } = makeHost([{ text: 'Hello.' }])
    const session = await host.createSession()
    await host.openSession(session.id)
    await Promise.all([
      host.setSessionSettings(session.id, { systemPromptAddition: 'Be brief.' }),
      host.setProvider(session.id, { kind: 'other', model: 'other-model' }),
      host.renameSession(session.id, 'Renamed')
    ])
    expect(await store.loadSession(session.id)).toMatchObject({ name: 'Renamed', providerName: 'other', model: 'other-model', settings: { systemPromptAddition: 'Be brief.' } })
  })

  it('leaves no session behind when it is deleted while a rename reads it', async () => {
    const { host, store } = makeHost([{ text: 'Hello.' }])
    const session = await host.createSession()
    // The rename's read of the record takes a while, as a busy IndexedDB's can.
    const load = store.loadSession.bind(store)
    let release = () => {}
    const slowRead = new Promise<void>((open) => (release = open))
    store.loadSession = async (id) => {
      const record = await load(id)
      await slowRead
      return record
    }
    const renamed = host.renameSession(session.id, 'Renamed')
    const deleted = host.deleteSession(session.id)
    setTimeout(release, 20)
    await Promise.allSettled([renamed, deleted])
    expect((await host.listSessions()).sessions).toEqual([])
    expect(await load(session.id)).toBeUndefined()
  })

  it('switches provider with the key kept in memory only', async () => {
    const { host, store, built } = makeHost([{ text: 'first' }])
    const session = await host.createSession()
    await host.submit(session.id, 'hi')
    const summary = await host.setProvider(session.id, { kind: 'other', model: 'big-model', apiKey: 'sk-secret-key-1234567890' })
    expect(summary.id).toBe(session.id)
    expect(built.at(-1)).toMatchObject({ kind: 'other', apiKey: 'sk-secret-key-1234567890' })
    const record = await store.loadSession(session.id)
    expect(record).toMatchObject({ providerName: 'other', model: 'big-model' })
    expect(JSON.stringify(record)).not.toContain('sk-secret')
  })

  it('applies a manifest to the live sandbox and keeps it in the snapshot', async () => {
    const { host, store } = makeHost([])
    const session = await host.createSession()
    const result = await host.applyManifest(session.id, { files: { 'src/app.ts': 'export {}\n' } })
    expect(result.entries).toEqual([{ path: 'src/app.ts', type: 'file', status: 'applied' }])
    expect((await host.listFiles(session.id, '/workspace/src')).map((entry) => entry.name)).toEqual(['app.ts'])
    expect(JSON.stringify(await store.loadSandboxSnapshot(session.id))).toContain('app.ts')
  })
})
