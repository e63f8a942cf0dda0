import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import { createAssistantMessage, createUserMessage, type TUniversalMessage } from '../core/messages.ts'
import { verifyReplayLog } from '../storage/replay-log/hash-chain.ts'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import { ScriptedProvider, type TScriptedStepSource } from '../testing/scripted-provider.ts'
import { InteractiveSession } from './interactive-session.ts'
import type { TInteractiveSessionOptions } from './interactive-session-types.ts'

const SECRET = 'sk-ant-abcdefghijklmnopqrstuvwxyz'

function open(steps: TScriptedStepSource[], store: MemorySessionStore, options: Partial<TInteractiveSessionOptions> = {}) {
  const provider = new ScriptedProvider(steps)
  const sandbox = new InMemorySandboxClient({ files: { 'README.md': '# Demo\n' }, cwd: '/workspace' })
  const session = new InteractiveSession({ provider, sandbox, store, cwd: '/workspace', permissionMode: 'bypassPermissions', ...options })
  return { session, provider }
}

/** The history a stored log stands for: resets start it over, appends index into it. */
function rebuild(events: readonly TExecutionEventEnvelope[]): TUniversalMessage[] {
  let messages: TUniversalMessage[] = []
  for (const event of events) {
    const type: string = event.type
    if (type === 'history_replaced') messages = [...((event.data as { messages: TUniversalMessage[] }).messages)]
    if (event.type === 'history_mutation') messages[event.data.index] = event.data.message
  }
  return messages
}

async function expectConsistentLog(store: MemorySessionStore, sessionId: string) {
  const record = await store.loadSession(sessionId)
  const events = await store.loadEvents(sessionId)
  expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index))
  expect(record?.nextEventSeq).toBe(events.length)
  expect(verifyReplayLog(await store.loadReplayLog(sessionId))).toMatchObject({ ok: true, recordCount: events.length })
  expect(rebuild(events)).toEqual(record?.messages)
  return { record, events }
}

describe('InteractiveSession with a store', () => {
  it('persists the record and a verifiable log as it runs, with secrets redacted', async () => {
    const store = new MemorySessionStore()
    const { session } = open([{ text: 'Checking.', toolCalls: [{ name: 'Bash', arguments: { command: 'cat README.md' } }] }, { text: 'Done.' }], store, { name: 'Demo run' })
    await session.submit(`Use the key ${SECRET} and read the README`)
    const { record, events } = await expectConsistentLog(store, session.getSessionId())
    expect(record).toMatchObject({ name: 'Demo run', providerName: 'scripted', model: 'claude-sonnet-4-6' })
    expect(record?.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant'])
    const stored = JSON.stringify([record, events])
    expect(stored).not.toContain(SECRET)
    expect(stored).toContain('[REDACTED]')
  })

  it('cuts a key the model writes across deltas from the streamed text, the result and the store', async () => {
    const store = new MemorySessionStore()
    const { session } = open([{ text: ['The key is sk-ant-abcdefgh', 'ijklmnopqrstuvwxyz', ', keep it safe.'] }], store)
    const streamed: string[] = []
    session.on('text_delta', (delta) => streamed.push(delta))
    const result = await session.submit('Repeat the key')
    expect(streamed.join('')).toBe('The key is [REDACTED], keep it safe.')
    expect(result?.response).toBe('The key is [REDACTED], keep it safe.')
    const { record, events } = await expectConsistentLog(store, session.getSessionId())
    const everything = JSON.stringify([streamed, result, record, events, session.getMessages()])
    expect(everything).not.toContain('abcdefgh')
    expect(everything).not.toContain('ijklmnop')
  })

  it('persists a compaction: the record holds the summary and later messages, and the log rebuilds it', async () => {
    const store = new MemorySessionStore()
    const { session } = open([{ text: 'First answer.' }, { text: 'Summary of it all.' }, { text: 'Second answer.' }], store)
    await session.submit('one')
    expect(await session.executeCommand('compact', '')).toMatchObject({ success: true })
    const afterCompaction = await store.loadSession(session.getSessionId())
    expect(afterCompaction?.messages.map((message) => message.content)).toEqual([expect.stringContaining('Summary of it all.')])
    await session.submit('two')
    const { record, events } = await expectConsistentLog(store, session.getSessionId())
    expect(record?.messages.map((message) => message.content)).toEqual([expect.stringContaining('Summary of it all.'), 'two', 'Second answer.'])
    expect(events.filter((event) => (event.type as string) === 'compaction')).toHaveLength(1)
    expect(session.getFullHistory().map((entry) => entry.type)).toEqual(['user', 'assistant', 'compaction', 'user', 'assistant'])
  })

  it('resumes a stored session: messages, display history and the seq carry on', async () => {
    const store = new MemorySessionStore()
    const first = open([{ toolCalls: [{ name: 'Bash', arguments: { command: 'ls' } }] }, { text: 'Listed.' }], store)
    await first.session.submit('list files')
    const id = first.session.getSessionId()

    const second = open([{ text: 'Still here.' }], store, { resumeSessionId: id })
    await second.session.ready()
    expect(second.session.getSessionId()).toBe(id)
    expect(second.session.getMessages()).toEqual((await store.loadSession(id))?.messages)
    expect(second.session.getFullHistory().map((entry) => entry.type)).toEqual(['user', 'assistant', 'tool-start', 'tool-end', 'tool', 'assistant'])
    await second.session.submit('again')
    expect(second.provider.calls[0]?.messages.map((message) => message.content)).toContain('Listed.')
    const { record } = await expectConsistentLog(store, id)
    expect(record?.messages.map((message) => message.content).slice(-2)).toEqual(['again', 'Still here.'])
  })

  it('closes off a turn a killed process left mid-tool before it resumes, so the provider gets a whole history', async () => {
    const store = new MemorySessionStore()
    const first = open([{ text: 'Hello.' }], store)
    await first.session.submit('hi')
    const id = first.session.getSessionId()
    // What a process killed while its Bash call ran leaves: the prompt and the call, no result.
    const stored = (await store.loadSession(id))!
    const cut: TUniversalMessage[] = [createUserMessage('list files'), createAssistantMessage('Listing.', { toolCalls: [{ id: 'call-ls', name: 'Bash', arguments: { command: 'ls' } }] })]
    const events = cut.map((message, offset) => ({ seq: stored.nextEventSeq + offset, ts: 1, sessionId: id, executionId: 'killed', type: 'history_mutation', data: { mutation: 'append', index: stored.messages.length + offset, message } }) as TExecutionEventEnvelope)
    await store.commit({ ...stored, messages: [...stored.messages, ...cut], nextEventSeq: stored.nextEventSeq + cut.length }, events)

    const resumed = open([{ text: 'Back again.' }], store, { resumeSessionId: id })
    await resumed.session.submit('carry on')
    const sent = resumed.provider.calls[0]?.messages.filter((message) => message.role !== 'system') ?? []
    expect(sent.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'tool', 'user'])
    expect(sent[4]).toMatchObject({ role: 'tool', toolCallId: 'call-ls', state: 'interrupted' })
    await expectConsistentLog(store, id)
  })

  it('forks a stored session under a new id and leaves the original untouched', async () => {
    const store = new MemorySessionStore()
    const original = open([{ text: 'Original answer.' }], store, { name: 'Main' })
    await original.session.submit('start')
    const originalId = original.session.getSessionId()
    const before = await store.loadSession(originalId)
    const beforeEvents = await store.loadEvents(originalId)

    const fork = open([{ text: 'Fork answer.' }], store, { resumeSessionId: originalId, forkSession: true })
    await fork.session.submit('branch')
    const forkId = fork.session.getSessionId()
    expect(forkId).not.toBe(originalId)
    expect(fork.session.getMessages().map((message) => message.content)).toEqual(['start', 'Original answer.', 'branch', 'Fork answer.'])
    const { record, events } = await expectConsistentLog(store, forkId)
    expect(record?.name).toBe('Main (fork)')
    expect(events[0]).toMatchObject({ seq: 0, type: 'history_replaced', data: { reason: 'fork', fromSessionId: originalId } })
    expect(await store.loadSession(originalId)).toEqual(before)
    expect(await store.loadEvents(originalId)).toEqual(beforeEvents)
  })

  it('writes a rename and a model switch to the record', async () => {
    const store = new MemorySessionStore()
    const { session } = open([{ text: 'ok' }], store)
    await session.ready()
    expect(await session.executeCommand('rename', 'Bug hunt')).toMatchObject({ success: true, data: { name: 'Bug hunt' } })
    expect(session.getName()).toBe('Bug hunt')
    expect((await store.loadSession(session.getSessionId()))?.name).toBe('Bug hunt')
    await session.executeCommand('model', 'claude-haiku-4-5')
    await session.submit('hi')
    expect(await store.loadSession(session.getSessionId())).toMatchObject({ name: 'Bug hunt', model: 'claude-haiku-4-5' })
  })

  it('refuses to resume a session the store does not have', async () => {
    const { session } = open([], new MemorySessionStore(), { resumeSessionId: 'missing' })
    await expect(session.ready()).rejects.toThrow(/No stored session with id "missing"/)
  })
})
