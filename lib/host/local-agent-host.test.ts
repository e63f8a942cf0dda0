import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import type { IAIProvider } from '../core/provider.ts'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import { ScriptedProvider, type TScriptedStepSource } from '../testing/scripted-provider.ts'
import type { THostEvent } from './agent-host.ts'
import { LocalAgentHost } from './local-agent-host.ts'

function makeHost(steps: TScriptedStepSource[], store = new MemorySessionStore(), deltaDelayMs = 0) {
  const provider = new ScriptedProvider(steps, { name: 'scripted', deltaDelayMs })
  const host = new LocalAgentHost({
    store,
    createSandbox: () => new InMemorySandboxClient({ files: { 'README.md': '# Demo\n' } }),
    createProvider: (): IAIProvider => provider,
    defaultProvider: { kind: 'scripted', model: 'scripted-model', apiKey: 'sk-secret-never-stored' },
    eventIntervalMs: 1,
    permissionMode: 'bypassPermissions'
  })
  return { host, store, provider }
}

describe('LocalAgentHost', () => {
  it('runs a turn with a real sandbox tool, persists every message and event, and reports batches in order', async () => {
    const { host, store } = makeHost([
      { text: 'Looking.', toolCalls: [{ name: 'Bash', arguments: { command: 'cat README.md | wc -l' } }] },
      { text: ['One ', 'line.'] }
    ])
    const batches: THostEvent[][] = []
    await host.subscribe((events) => {
      batches.push(events)
    })
    const session = await host.createSession({ name: 'first' })
    const result = await host.submit(session.id, 'How long is the README?')

    expect(result).toEqual({ response: 'One line.', interrupted: false, toolsExecuted: ['Bash'] })
    const record = await store.loadSession(session.id)
    expect(record?.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant'])
    expect(JSON.parse(record?.messages[2]?.content ?? '{}')).toMatchObject({ output: '1\n', exitCode: 0 })

    const stored = await store.loadEvents(session.id)
    // The session's assembly reports its sandbox and its context window before the turn starts.
    const delivered = batches.flat().filter((event) => event.kind !== 'sandbox_status')
    const contexts = delivered.filter((event) => event.kind === 'context_update')
    expect(contexts.at(-1)).toMatchObject({ sessionId: session.id, context: (await host.executeCommand(session.id, '/context')).data })
    const replayed = delivered.flatMap((event) => (event.kind === 'replay' ? [event.event] : []))
    expect(replayed).toEqual(stored)
    expect(stored.map((event) => event.seq)).toEqual(stored.map((_, index) => index))
    expect(record?.nextEventSeq).toBe(stored.length)
    const turn = delivered.filter((event) => event.kind !== 'context_update')
    expect(turn[0]).toMatchObject({ kind: 'turn_started', sessionId: session.id })
    expect(turn.at(-1)).toMatchObject({ kind: 'turn_finished', result })
    expect(batches.length).toBeLessThan(delivered.length)
  })

  // What lets a page give a prompt back when the worker dies before the page heard the turn start
  // (`useAgentSession`): nothing of the turn is stored before every listener has taken its start.
  it('stores nothing of a turn before every listener has taken turn_started, however slowly', async () => {
    const store = new MemorySessionStore()
    const { host } = makeHost([{ text: 'ok' }], store)
    const session = await host.createSession()
    let startTaken = false
    const commitsBeforeStart: string[] = []
    const commit = store.commit.bind(store)
    store.commit = async (record, events) => {
      const ofTheTurn = events.length > 0 || record.messages.some((message) => message.content === 'hi')
      if (ofTheTurn && !startTaken) commitsBeforeStart.push(`${record.messages.length} messages, ${events.length} events`)
      return commit(record, events)
    }
    await host.subscribe(async (events) => {
      if (!events.some((event) => event.kind === 'turn_started')) return
      await new Promise((resolve) => setTimeout(resolve, 30))
      startTaken = true
    })
    await host.submit(session.id, 'hi')
    expect(startTaken).toBe(true)
    expect(commitsBeforeStart).toEqual([])
    expect((await store.loadSession(session.id))?.messages.map((message) => message.role)).toEqual(['user', 'assistant'])
  })

  it('denies a call that needs approval while no one is subscribed to answer, and finishes the turn', async () => {
    const provider = new ScriptedProvider([{ toolCalls: [{ name: 'Bash', arguments: { command: 'ls' } }] }, { text: 'Could not list.' }], { name: 'scripted' })
    const host = new LocalAgentHost({
      store: new MemorySessionStore(),
      createSandbox: () => new InMemorySandboxClient(),
      createProvider: (): IAIProvider => provider,
      defaultProvider: { kind: 'scripted', model: 'scripted-model' }
    })
    const session = await host.createSession()
    await expect(host.submit(session.id, 'List the files')).resolves.toMatchObject({ response: 'Could not list.' })
    const opened = await host.openSession(session.id)
    expect(opened.messages.find((message) => message.role === 'tool')?.content).toContain('no one is subscribed to the host to answer it')
    expect(opened.pendingPermissions ?? []).toEqual([])
  })

  it('never stores the API key of the provider choice', async () => {
    const { host, store } = makeHost([{ text: 'ok' }])
    const session = await host.createSession()
    await host.submit(session.id, 'hi')
    const everything = JSON.stringify([await store.loadSession(session.id), await store.loadEvents(session.id)])
    expect(everything).not.toContain('sk-secret-never-stored')
  })

  it('tells every subscriber of a turn with a key in its prompt the prompt as stored, the key cut', async () => {
    const { host, store } = makeHost([{ text: 'ok' }])
    const session = await host.createSession()
    const heard: THostEvent[] = []
    await host.subscribe((events) => void heard.push(...events))
    const key = 'sk-ant-api03-PastedByMistake0123456789abcdefghij'
    await host.submit(session.id, `use this key ${key}`)
    const started = heard.find((event) => event.kind === 'turn_started')
    expect(started).toMatchObject({ kind: 'turn_started', prompt: expect.stringContaining('[REDACTED]') })
    expect(JSON.stringify(heard)).not.toContain(key)
    expect(JSON.stringify(await store.loadSession(session.id))).not.toContain(key)
  })

  it('resumes a session from the store in a new host, continuing history and seq', async () => {
    const store = new MemorySessionStore()
    const first = makeHost([{ text: 'first answer' }], store)
    const session = await first.host.createSession()
    await first.host.submit(session.id, 'one')
    const before = await store.loadEvents(session.id)

    const second = makeHost([{ text: 'second answer' }], store)
    await second.host.submit(session.id, 'two')
    const view = await second.host.openSession(session.id)

    expect(view.messages.map((message) => message.content)).toEqual(['one', 'first answer', 'two', 'second answer'])
    expect(view.events.slice(0, before.length)).toEqual(before)
    expect(view.events.map((event) => event.seq)).toEqual(view.events.map((_, index) => index))
    expect(second.provider.calls[0]?.messages.map((message) => message.content)).toContain('first answer')
  })

  it('aborts a running turn, keeps the partial answer, and stays usable', async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    const { host, store } = makeHost([{ text: ['Partial', ' never'] }, { text: 'Next.' }], new MemorySessionStore(), 30)
    const session = await host.createSession()
    await host.subscribe(async (events) => {
      if (events.some((event) => event.kind === 'replay' && event.event.type === 'provider_stream_raw_delta')) {
        await host.abort(session.id)
        release()
      }
    })
    const turn = host.submit(session.id, 'go')
    await gate
    const result = await turn
    expect(result.interrupted).toBe(true)
    const record = await store.loadSession(session.id)
    expect(record?.messages.at(-1)).toMatchObject({ role: 'assistant', state: 'interrupted', content: 'Partial' })
    expect((await host.submit(session.id, 'again')).response).toBe('Next.')
  })

  it.each([
    ['a choice without a model', () => ({ provider: { kind: 'scripted' } }), 'createSession(options): provider must be { kind, model } (strings), as { kind: \'anthropic\', model: \'claude-sonnet-4-6\' }; got {"kind":"scripted"}.'],
    ['a choice that is a name', () => ({ provider: 'scripted' }), 'createSession(options): provider must be { kind, model } (strings), as { kind: \'anthropic\', model: \'claude-sonnet-4-6\' }; got string.'],
    ['a misspelt key of the choice', () => ({ provider: { kind: 'scripted', model: 'm', apikey: 'k' } }), 'createSession(options): unknown option "apikey"; it takes kind, model, baseURL, apiKey,'],
    ['a misspelt option', () => ({ provdier: { kind: 'scripted', model: 'm' } }), 'createSession(options): unknown option "provdier"; it takes name, provider.'],
    ['a name that is no string', () => ({ name: 123 }), 'createSession(options): name must be a string; got 123.'],
    ['options that are a name', () => 'My session', 'createSession(options): options must be { name?, provider? }; got string.']
  ])('refuses %s before storing a session, naming the option', async (_, options, message) => {
    const { host, store } = makeHost([])
    await expect(host.createSession(options() as never)).rejects.toThrow(message)
    expect((await store.listSessions()).sessions).toEqual([])
  })

  it('refuses a provider choice without a model at setProvider, keeping the session as it was', async () => {
    const { host } = makeHost([])
    const session = await host.createSession()
    await expect(host.setProvider(session.id, { kind: 'scripted' } as never)).rejects.toThrow(/^setProvider\(sessionId, provider\): provider must be \{ kind, model \}/)
    expect((await host.listSessions()).sessions[0]).toMatchObject({ id: session.id, model: 'scripted-model' })
  })

  it('refuses an empty prompt, an unknown session and a second turn at once, with clear errors', async () => {
    const { host } = makeHost([{ text: ['a', 'b'] }], new MemorySessionStore())
    const session = await host.createSession()
    await expect(host.submit(session.id, '   ')).rejects.toThrow(/prompt is empty/)
    await expect(host.submit(session.id, undefined as never)).rejects.toThrow('submit(): the prompt must be a string; got undefined.')
    await expect(host.submit('nope', 'hi')).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: 'No session with id "nope".' })
    const running = host.submit(session.id, 'hi')
    await expect(host.submit(session.id, 'again')).rejects.toThrow(/is running a turn/)
    await running
  })

  it('ends a turn whose model goes quiet past the provider choice\'s idle timeout, then works on', async () => {
    const { host, store } = makeHost([{ text: ['Started ', 'and then silence.'] }, { text: 'Back.' }], new MemorySessionStore(), 300)
    const session = await host.createSession()
    await host.setProvider(session.id, { kind: 'scripted', model: 'scripted-model', idleTimeoutMs: 100 })
    expect((await host.submit(session.id, 'Say something.')).response).toMatch(/The provider sent nothing for 100 ms/)
    const stored = (await store.loadSession(session.id))?.messages ?? []
    expect(stored.map((message) => message.role)).toEqual(['user', 'assistant'])
    expect(stored[1]?.content).toMatch(/sent nothing for 100 ms/)

    await host.setProvider(session.id, { kind: 'scripted', model: 'scripted-model', idleTimeoutMs: 5000 })
    expect(await host.submit(session.id, 'Again.')).toMatchObject({ response: 'Back.', interrupted: false })
  })

  it('gives the page the session sandbox files', async () => {
    const { host } = makeHost([{ toolCalls: [{ name: 'Bash', arguments: { command: 'echo hi > made.txt' } }] }, { text: 'done' }])
    const session = await host.createSession()
    await host.submit(session.id, 'make a file')
    expect((await host.listFiles(session.id, '/workspace')).map((entry) => entry.name)).toEqual(['README.md', 'made.txt'])
    expect(await host.readFile(session.id, '/workspace/made.txt')).toBe('hi\n')
  })
})

describe('LocalAgentHost permissions', () => {
  function gatedHost(steps: TScriptedStepSource[], store = new MemorySessionStore()) {
    const provider = new ScriptedProvider(steps, { name: 'scripted' })
    return new LocalAgentHost({
      store,
      createSandbox: () => new InMemorySandboxClient({ files: { 'README.md': '# Demo\n' } }),
      createProvider: () => provider,
      defaultProvider: { kind: 'scripted', model: 'scripted-model' },
      eventIntervalMs: 1,
      permissions: { allow: ['Bash(ls)'], deny: ['Bash(rm *)'] }
    })
  }
  const bash = (command: string) => ({ toolCalls: [{ name: 'Bash', arguments: { command } }] })

  it('asks the page, remembers an allow-for-session pattern, and lets deny reach the model', async () => {
    const host = gatedHost([bash('echo one'), bash('echo two'), bash('rm -rf /'), bash('cat README.md'), { text: 'done' }])
    const asked: string[] = []
    await host.subscribe(async (events) => {
      for (const event of events) {
        if (event.kind !== 'permission_request') continue
        const command = String(event.request.parameters.command)
        asked.push(command)
        const answer = command === 'cat README.md' ? 'deny' : { allowForSession: 'Bash(echo *)' }
        await host.answerPermission(event.sessionId, event.requestId, answer)
      }
    })
    const session = await host.createSession()
    await host.submit(session.id, 'go')
    const view = await host.openSession(session.id)
    const toolResults = view.messages.filter((message) => message.role === 'tool').map((message) => message.content)

    expect(asked).toEqual(['echo one', 'cat README.md'])
    expect(toolResults[0]).toContain('one')
    expect(toolResults[1]).toContain('two')
    expect(toolResults[2]).toMatch(/denied/i)
    expect(toolResults[3]).toMatch(/denied/i)
    const sources = view.events.flatMap((event) => (event.type === 'permission_decision' ? [event.data.source] : []))
    expect(sources).toEqual(['handler', 'session_rule', 'deny_list', 'handler'])
  })

  it('answers deny when the turn is aborted while a prompt waits, and the session keeps working', async () => {
    const host = gatedHost([bash('echo waiting'), { text: 'after' }, { text: 'next turn' }])
    const session = await host.createSession()
    await host.subscribe(async (events) => {
      if (events.some((event) => event.kind === 'permission_request')) await host.abort(session.id)
    })
    const result = await host.submit(session.id, 'go')
    expect(result.interrupted).toBe(true)
    const view = await host.openSession(session.id)
    expect(view.events.some((event) => event.type === 'permission_decision' && event.data.decision === 'deny')).toBe(true)
    expect((await host.submit(session.id, 'again')).response).toBe('after')
  })

  it('shows the prompts a turn waits on to a page that opens the session meanwhile, and none once answered', async () => {
    const host = gatedHost([bash('echo waiting'), { text: 'answered' }])
    const session = await host.createSession()
    const asked = new Promise<void>((resolve) => {
      void host.subscribe(async (events) => {
        if (events.some((event) => event.kind === 'permission_request')) resolve()
      })
    })
    const turn = host.submit(session.id, 'go')
    await asked
    const waiting = await host.openSession(session.id)
    expect(waiting.running).toBe(true)
    expect(waiting.pendingPermissions).toEqual([{ requestId: expect.any(String), request: expect.objectContaining({ toolName: 'Bash', parameters: { command: 'echo waiting' } }) }])

    await host.answerPermission(session.id, waiting.pendingPermissions![0]!.requestId, 'allow_once')
    expect((await turn).response).toBe('answered')
    expect((await host.openSession(session.id)).pendingPermissions).toBeUndefined()
  })

  // A round is stored at its end: a page opening the session meanwhile must still see all of it.
  it('gives a page that opens a running session every event the turn published, stored or not yet', async () => {
    const store = new MemorySessionStore()
    const host = gatedHost([{ text: 'Let me check.', ...bash('echo waiting') }, { text: 'answered' }], store)
    const session = await host.createSession()
    const published: number[] = []
    const asked = new Promise<void>((resolve) => {
      void host.subscribe(async (events) => {
        for (const event of events) if (event.kind === 'replay') published.push(event.event.seq)
        if (events.some((event) => event.kind === 'permission_request')) resolve()
      })
    })
    const turn = host.submit(session.id, 'go')
    await asked
    const storedMeanwhile = await store.loadEvents(session.id)
    const waiting = await host.openSession(session.id)
    const shown = waiting.events.map((event) => event.seq)
    expect(shown).toEqual(shown.map((_, index) => index))
    expect(shown).toEqual(expect.arrayContaining(published))
    expect(waiting.events.length).toBeGreaterThan(storedMeanwhile.length)
    expect(waiting.events.map((event) => event.type)).toContain('tool_execution_request')
    // Its messages are not behind its events: a page reading it again applies only later events.
    for (const event of waiting.events) if (event.type === 'history_mutation') expect(waiting.messages[event.data.index]).toEqual(event.data.message)
    expect((await host.openSession(session.id, { latestEvents: 2 })).events.at(-1)?.seq).toBe(shown.at(-1))

    await host.answerPermission(session.id, waiting.pendingPermissions![0]!.requestId, 'allow_once')
    await turn
    const stored = await store.loadEvents(session.id)
    expect(stored.slice(0, shown.length).map((event) => [event.seq, event.type])).toEqual(waiting.events.map((event) => [event.seq, event.type]))
  })

  it('counts in a running view’s summary the messages its turn committed and has not stored yet', async () => {
    // A store whose writes wait while held, as a slow IndexedDB transaction does.
    let held: Promise<void> | undefined
    let release = () => {}
    const store = new MemorySessionStore()
    const commit = store.commit.bind(store)
    store.commit = async (record, events) => {
      await held
      return commit(record, events)
    }
    const host = gatedHost([{ text: 'Let me check.', ...bash('echo waiting') }, { text: 'answered' }], store)
    const session = await host.createSession()
    const answerCommitted = new Promise<void>((resolve) => {
      void host.subscribe(async (events) => {
        for (const event of events) {
          if (event.kind === 'replay' && event.event.type === 'provider_stream_raw_delta' && !held) held = new Promise<void>((open) => (release = open))
          if (event.kind === 'replay' && event.event.type === 'history_mutation' && event.event.data.message.role === 'assistant') resolve()
        }
      })
    })
    const turn = host.submit(session.id, 'go')
    await answerCommitted
    const view = await host.openSession(session.id)
    // The answer is committed and in the view; its write has not landed.
    expect((await store.loadSessionHead(session.id))?.messageCount).toBeLessThan(2)
    expect(view.messages.map((message) => message.role)).toEqual(['user', 'assistant'])
    expect(view.summary.messageCount).toBe(2)
    release()
    await host.answerPermission(session.id, (await host.openSession(session.id)).pendingPermissions![0]!.requestId, 'allow_once')
    await turn
    expect((await host.openSession(session.id)).summary.messageCount).toBe(4)
  })

  it('switches mode while the session lives', async () => {
    const host = gatedHost([bash('echo free'), { text: 'ok' }])
    const session = await host.createSession()
    await host.setPermissionMode(session.id, 'bypassPermissions')
    await host.submit(session.id, 'go')
    const view = await host.openSession(session.id)
    expect(view.messages.find((message) => message.role === 'tool')?.content).toContain('free')
  })
})
