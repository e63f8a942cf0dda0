import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { ValidationError } from '../core/errors.ts'
import type { IAIProvider } from '../core/provider.ts'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import { ScriptedProvider, type TScriptedStepSource } from '../testing/scripted-provider.ts'
import { describeHistoryProblems } from '../testing/suite-totals-history-checks.ts'
import type { THostEvent } from './agent-host.ts'
import { COMPACT_SUMMARY_PREFIX } from '../session/compaction/compaction-prompt.ts'
import { LocalAgentHost } from './local-agent-host.ts'

const REVIEW_SKILL = '---\ndescription: Review the code under a path\nargument-hint: <path>\n---\nReview the files under $ARGUMENTS and list problems.\n'

function makeHost(steps: TScriptedStepSource[], options: { store?: MemorySessionStore; autoCompactThreshold?: number; deltaDelayMs?: number } = {}) {
  const store = options.store ?? new MemorySessionStore()
  const provider = new ScriptedProvider(steps, { name: 'scripted', deltaDelayMs: options.deltaDelayMs ?? 0 })
  const host = new LocalAgentHost({
    store,
    createSandbox: () =>
      new InMemorySandboxClient({ files: { 'README.md': '# Demo\n', '.claude/skills/review/SKILL.md': REVIEW_SKILL } }),
    createProvider: (): IAIProvider => provider,
    defaultProvider: { kind: 'scripted', model: 'scripted-model' },
    eventIntervalMs: 1,
    permissionMode: 'bypassPermissions',
    ...(options.autoCompactThreshold === undefined ? {} : { autoCompactThreshold: options.autoCompactThreshold })
  })
  const events: THostEvent[] = []
  void host.subscribe((batch) => {
    events.push(...batch)
  })
  return { host, store, provider, events }
}

describe('LocalAgentHost commands', () => {
  it('lists built-in commands and the skills of the session’s own sandbox, as plain data', async () => {
    const { host } = makeHost([])
    const first = await host.createSession()
    const second = await host.createSession()
    await host.writeFile(second.id, '/workspace/.agents/skills/deploy/SKILL.md', '---\ndescription: Ship it\n---\nDeploy.\n')

    const firstCommands = await host.listCommands(first.id)
    const secondCommands = await host.listCommands(second.id)
    expect(firstCommands.map((command) => command.name)).toEqual(expect.arrayContaining(['help', 'compact', 'clear', 'model', 'review']))
    expect(firstCommands.find((command) => command.name === 'review')).toEqual({
      name: 'review',
      description: 'Review the code under a path',
      origin: 'skill',
      argumentHint: '<path>'
    })
    expect(firstCommands.some((command) => command.name === 'deploy')).toBe(false)
    expect(secondCommands.find((command) => command.name === 'deploy')).toMatchObject({ origin: 'skill', description: 'Ship it' })
    expect(structuredClone(secondCommands)).toEqual(secondCommands)
  })

  it('runs a built-in command and reports it as a host event', async () => {
    const { host, events } = makeHost([])
    const session = await host.createSession()
    const outcome = await host.executeCommand(session.id, '/help')
    expect(outcome).toMatchObject({ command: 'help', success: true })
    expect(outcome.message).toContain('/compact — ')
    expect(outcome.message).toContain('/review — Review the code under a path')
    expect(structuredClone(outcome)).toEqual(outcome)
    expect(events).toContainEqual({ kind: 'command_finished', sessionId: session.id, outcome })
  })

  it('runs a skill as a turn, with the arguments in its prompt', async () => {
    const { host, provider, store } = makeHost([{ text: 'No problems in src.' }])
    const session = await host.createSession()
    const outcome = await host.executeCommand(session.id, '/review src')
    expect(outcome).toEqual({ command: 'review', success: true, skill: true, message: 'No problems in src.', data: { skillName: 'review', interrupted: false } })
    const sent = provider.calls[0]?.messages.at(-1)?.content
    expect(sent).toContain('Review the files under src and list problems.')
    expect((await store.loadSession(session.id))?.messages.map((message) => message.role)).toEqual(['user', 'assistant'])
  })

  it('answers an unknown command with a failed outcome naming it, and refuses a line that is no command', async () => {
    const { host } = makeHost([])
    const session = await host.createSession()
    expect(await host.executeCommand(session.id, '/nope now')).toEqual({
      command: 'nope',
      success: false,
      message: 'Unknown command /nope. Type / to see the commands and skills, or run /help.'
    })
    await expect(host.executeCommand(session.id, 'help')).rejects.toThrow(ValidationError)
    await expect(host.executeCommand(session.id, '/')).rejects.toThrow(/starts with "\/" and a name/)
  })

  it('compacts with /compact: progress events, the summary stored as history, and the log continuing in order', async () => {
    const { host, store, events } = makeHost([{ text: 'Hello there.' }, { text: ['The user ', 'said hello.'] }, { text: 'Still here.' }])
    const session = await host.createSession()
    await host.submit(session.id, 'Hello')
    const outcome = await host.executeCommand(session.id, '/compact keep greetings')

    expect(outcome).toMatchObject({ command: 'compact', success: true, data: { compacted: true, trigger: 'manual', summary: 'The user said hello.', messagesBefore: 2 } })
    const notices = events.filter((event) => event.kind.startsWith('compaction'))
    expect(notices).toEqual([
      { kind: 'compaction_started', sessionId: session.id, trigger: 'manual' },
      { kind: 'compaction_finished', sessionId: session.id, outcome: expect.objectContaining({ compacted: true, summary: 'The user said hello.' }) }
    ])
    const record = await store.loadSession(session.id)
    expect(record?.messages).toHaveLength(1)
    expect(record?.messages[0]?.content).toBe(`${COMPACT_SUMMARY_PREFIX}\n\nThe user said hello.`)

    await host.submit(session.id, 'Are you there?')
    const stored = await store.loadEvents(session.id)
    expect(stored.map((event) => event.seq)).toEqual(stored.map((_, index) => index))
    expect(stored.map((event) => event.type as string)).toEqual(expect.arrayContaining(['compaction', 'history_replaced']))
    const after = await store.loadSession(session.id)
    expect(after?.messages.map((message) => message.content)).toEqual([record?.messages[0]?.content, 'Are you there?', 'Still here.'])
    expect(describeHistoryProblems(after?.messages ?? [])).toEqual([])
  })

  it('leaves no session behind when it is deleted while /compact stores its summary', async () => {
    const { host, store } = makeHost([{ text: 'Hello there.' }, { text: 'The user said hello.' }])
    const session = await host.createSession()
    await host.submit(session.id, 'Hello')
    // The compaction's write takes a while, as a busy IndexedDB's can; the delete comes meanwhile.
    const commit = store.commit.bind(store)
    let writing = () => {}
    const compactionWrites = new Promise<void>((resolve) => (writing = resolve))
    let release = () => {}
    const slowWrite = new Promise<void>((open) => (release = open))
    store.commit = async (...args) => {
      writing()
      await slowWrite
      return commit(...args)
    }
    const compacted = host.executeCommand(session.id, '/compact')
    await compactionWrites
    const deleted = host.deleteSession(session.id)
    setTimeout(release, 20)
    await Promise.allSettled([compacted, deleted])
    expect((await host.listSessions()).sessions).toEqual([])
    expect(await store.loadSession(session.id)).toBeUndefined()
  })

  it('clears the history with /clear and switches the model with /model', async () => {
    const { host, store } = makeHost([{ text: 'Hi.' }])
    const session = await host.createSession()
    await host.submit(session.id, 'Hello')
    expect(await host.executeCommand(session.id, '/clear')).toMatchObject({ success: true, message: 'Conversation cleared.' })
    expect((await store.loadSession(session.id))?.messages).toEqual([])
    expect(await host.executeCommand(session.id, '/model other-model')).toMatchObject({ success: true })
    expect((await store.loadSession(session.id))?.model).toBe('other-model')
    expect(await host.executeCommand(session.id, '/model')).toMatchObject({ message: 'Model: other-model' })
  })

  it('tells the page the context figure of the history a /compact, /clear or /model left, by the time the command resolves', async () => {
    const { host, events } = makeHost([{ text: 'A long answer about the files in the workspace and what each one does.' }, { text: 'Files.' }])
    const session = await host.createSession()
    await host.submit(session.id, 'List the files and say what each does')
    const lastFigure = () => events.filter((event) => event.kind === 'context_update').at(-1)
    const context = async () => (await host.executeCommand(session.id, '/context')).data as { usedTokens: number }
    const afterTurn = await context()

    await host.executeCommand(session.id, '/compact')
    const compacted = await context()
    expect(compacted.usedTokens).toBeLessThan(afterTurn.usedTokens)
    expect(lastFigure()).toEqual({ kind: 'context_update', sessionId: session.id, context: compacted })

    events.length = 0
    await host.executeCommand(session.id, '/clear')
    const cleared = await context()
    expect(cleared.usedTokens).toBeLessThan(compacted.usedTokens)
    expect(lastFigure()).toEqual({ kind: 'context_update', sessionId: session.id, context: cleared })

    events.length = 0
    await host.executeCommand(session.id, '/model other-model')
    expect(lastFigure()).toEqual({ kind: 'context_update', sessionId: session.id, context: await context() })
  })

  it('keeps a session’s permission mode when its live session is let go and started again, and in its forks', async () => {
    const { host } = makeHost([])
    const session = await host.createSession()
    expect(await host.executeCommand(session.id, '/mode')).toMatchObject({ data: { mode: 'bypassPermissions' } })
    await host.setPermissionMode(session.id, 'plan')
    await host.closeSession(session.id)
    expect(await host.executeCommand(session.id, '/mode')).toMatchObject({ data: { mode: 'plan' } })

    expect(await host.executeCommand(session.id, '/mode acceptEdits')).toMatchObject({ success: true })
    await host.closeSession(session.id)
    expect(await host.executeCommand(session.id, '/mode')).toMatchObject({ data: { mode: 'acceptEdits' } })
    const fork = await host.forkSession(session.id)
    expect(await host.executeCommand(fork.id, '/mode')).toMatchObject({ data: { mode: 'acceptEdits' } })

    await expect(host.setPermissionMode(session.id, 'anything' as never)).rejects.toThrow('Unknown permission mode "anything".')
    await expect(host.setPermissionMode('no-such-session', 'plan')).rejects.toThrow('No session with id "no-such-session".')
    expect(await host.executeCommand(session.id, '/mode')).toMatchObject({ data: { mode: 'acceptEdits' } })
  })

  it('compacts on its own, inside the turn, once the answer fills the window (as the SDK session does)', async () => {
    const { host, store, events } = makeHost([{ text: 'First answer.' }, { text: 'Summary of the first exchange.' }], {
      autoCompactThreshold: 0.000_01
    })
    const session = await host.createSession()
    const result = await host.submit(session.id, 'First question')

    expect(result.response).toBe('First answer.')
    const kinds = events.map((event) => event.kind)
    const started = kinds.indexOf('compaction_started')
    expect(events[started]).toEqual({ kind: 'compaction_started', sessionId: session.id, trigger: 'auto' })
    expect(started).toBeGreaterThan(kinds.indexOf('turn_started'))
    expect(kinds.indexOf('compaction_finished')).toBeGreaterThan(started)
    expect(kinds.indexOf('turn_finished')).toBeGreaterThan(kinds.indexOf('compaction_finished'))
    const messages = (await store.loadSession(session.id))?.messages ?? []
    expect(messages.map((message) => message.content)).toEqual([`${COMPACT_SUMMARY_PREFIX}\n\nSummary of the first exchange.`])
    // The meter's last figure is the compacted history's, not the one before it.
    const figure = events.filter((event) => event.kind === 'context_update').at(-1)
    expect(figure).toMatchObject({ context: (await host.executeCommand(session.id, '/context')).data })
  })

  it('stops a /compact on abort and keeps the conversation as it was', async () => {
    const { host, store, events } = makeHost([{ text: 'Hi.' }, { text: ['A ', 'long ', 'summary ', 'that ', 'streams.'] }], { deltaDelayMs: 15 })
    const session = await host.createSession()
    await host.submit(session.id, 'Hello')
    const before = (await store.loadSession(session.id))?.messages
    const running = host.executeCommand(session.id, '/compact')
    await waitFor(() => events.some((event) => event.kind === 'compaction_started'))
    await expect(host.submit(session.id, 'meanwhile')).rejects.toThrow(/running/)
    await host.abort(session.id)
    const outcome = await running
    expect(outcome).toMatchObject({ success: false, message: expect.stringMatching(/aborted/) })
    expect((await store.loadSession(session.id))?.messages).toEqual(before)
    const stored = await store.loadEvents(session.id)
    expect(stored.map((event) => event.seq)).toEqual(stored.map((_, index) => index))
  })
})

async function waitFor(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 200 && !condition(); attempt++) await new Promise((resolve) => setTimeout(resolve, 5))
  if (!condition()) throw new Error('condition not met in time')
}
