import { afterEach, describe, expect, it } from 'vitest'
import { createUserMessage } from '../lib/core/messages.ts'
import type { THostEvent } from '../lib/host/agent-host.ts'
import { MemorySessionStore } from '../lib/storage/memory-session-store.ts'
import { createInProcessSessionLocks } from './in-process-session-locks.ts'
import { TOOL_LOST_MESSAGE } from '../lib/session/interrupted-turn-repair.ts'
import { startSimulatedTab, type TSimulatedTab } from './simulated-tab.fixtures.ts'

// Two tabs are two hosts over one store, one set of locks and one BroadcastChannel name, the
// way two tabs' workers share IndexedDB, Web Locks and BroadcastChannel in a browser.
let tabs: TSimulatedTab[] = []
let channelCount = 0

function startTabs(count: number) {
  const shared = { store: new MemorySessionStore(), locks: createInProcessSessionLocks(), channelName: `robota-test-${channelCount++}` }
  tabs = Array.from({ length: count }, () => startSimulatedTab(shared))
  return { shared, tabs }
}

afterEach(() => {
  for (const tab of tabs) tab.kill()
  tabs = []
})

function replaySeqs(events: THostEvent[], sessionId: string): number[] {
  return events.flatMap((event) => (event.kind === 'replay' && event.event.sessionId === sessionId ? [event.event.seq] : []))
}

describe('MultiTabAgentHost', () => {
  it('lets one tab drive a session while another follows it read-only, then hands it over when the owner closes it', async () => {
    const { shared, tabs: [owner, follower] } = startTabs(2)
    if (!owner || !follower) throw new Error('two tabs expected')
    const session = await owner.host.createSession()

    expect((await owner.host.openSession(session.id)).readOnly).toBeUndefined()
    expect(await follower.host.openSession(session.id)).toMatchObject({ readOnly: true, running: false })
    await expect(follower.host.submit(session.id, 'mine now?')).rejects.toThrow(/driven by another tab/)
    await expect(follower.host.writeFile(session.id, '/workspace/x.txt', 'x')).rejects.toThrow(/read-only here/)

    const turn = owner.host.submit(session.id, 'What is here?')
    await expect.poll(async () => (await follower.host.openSession(session.id)).running).toBe(true)
    await follower.host.closeSession(session.id)
    await owner.answerNextPrompt(session.id, 'allow_once')
    expect((await turn).response).toContain('Tiny Calculator')

    // The follower saw the owner's turn as it ran: every replay event, in order, as stored.
    const stored = await shared.store.loadEvents(session.id)
    await expect.poll(() => replaySeqs(follower.events(), session.id)).toEqual(stored.map((event) => event.seq))
    // The turn's end may come in a later batch than its last event.
    await expect.poll(() => follower.events().filter((event) => event.kind === 'turn_finished').length).toBe(1)

    await owner.host.closeSession(session.id)
    await expect.poll(() => follower.events().find((event) => event.kind === 'session_access')).toEqual({
      kind: 'session_access',
      sessionId: session.id,
      readOnly: false
    })
    expect((await follower.host.openSession(session.id)).readOnly).toBeUndefined()
    const next = follower.host.submit(session.id, 'And now?')
    await follower.answerNextPrompt(session.id, 'allow_once')
    expect((await next).interrupted).toBe(false)
    expect((await shared.store.loadSession(session.id))?.messages.filter((message) => message.role === 'user')).toHaveLength(2)
    expect(await follower.host.verifyReplay(session.id)).toMatchObject({ ok: true })
  })

  it('tells a tab that starts following while a prompt waits in the driving tab about that prompt, until it is answered', async () => {
    const { tabs: [owner, early, late] } = startTabs(3)
    if (!owner || !early || !late) throw new Error('three tabs expected')
    const session = await owner.host.createSession()
    await owner.host.openSession(session.id)
    expect((await early.host.openSession(session.id)).pendingPermissions).toBeUndefined()

    const turn = owner.host.submit(session.id, 'What is here?')
    await expect.poll(() => owner.events().some((event) => event.kind === 'permission_request')).toBe(true)
    const asked = owner.events().find((event) => event.kind === 'permission_request')
    const view = await late.host.openSession(session.id)
    expect(view).toMatchObject({ readOnly: true, running: true })
    expect(view.pendingPermissions?.map((pending) => pending.requestId)).toEqual([asked?.kind === 'permission_request' ? asked.requestId : 'none'])
    expect(view.pendingPermissions?.[0]?.request.toolName).toBe('Bash')

    await owner.answerNextPrompt(session.id, 'allow_once')
    await turn
    await expect.poll(() => late.events().some((event) => event.kind === 'permission_settled')).toBe(true)
    // Once answered, a tab opening the session hears of no prompt.
    expect((await early.host.openSession(session.id)).pendingPermissions).toBeUndefined()
  })

  it('takes over on request: the driving tab stops its turn, keeps what it committed and follows from then on', async () => {
    const { shared, tabs: [owner, follower] } = startTabs(2)
    if (!owner || !follower) throw new Error('two tabs expected')
    const session = await owner.host.createSession()
    await owner.host.openSession(session.id)
    await follower.host.openSession(session.id)
    await expect(owner.host.takeOver(session.id)).resolves.toBeUndefined()

    // The owner's turn waits at a permission prompt when the follower asks for the session.
    const turn = owner.host.submit(session.id, 'What is here?')
    await expect.poll(() => owner.events().some((event) => event.kind === 'permission_request')).toBe(true)
    await follower.host.takeOver(session.id)

    expect((await turn).interrupted).toBe(true)
    await expect.poll(() => owner.events().filter((event) => event.kind === 'session_access')).toEqual([{ kind: 'session_access', sessionId: session.id, readOnly: true }])
    expect(follower.events().filter((event) => event.kind === 'session_access')).toEqual([{ kind: 'session_access', sessionId: session.id, readOnly: false }])
    expect((await owner.host.openSession(session.id)).readOnly).toBe(true)
    await expect(owner.host.submit(session.id, 'still mine?')).rejects.toThrow(/driven by another tab/)

    const seen = follower.events().length
    const next = follower.host.submit(session.id, 'My turn')
    await follower.answerNextPrompt(session.id, 'allow_once', seen)
    expect((await next).response).toContain('Tiny Calculator')
    const prompts = (await shared.store.loadSession(session.id))?.messages.filter((message) => message.role === 'user').map((message) => message.content)
    expect(prompts).toEqual(['What is here?', 'My turn'])
    expect(await follower.host.verifyReplay(session.id)).toMatchObject({ ok: true })
    // The old owner follows the new one's events.
    await expect.poll(() => owner.events().some((event) => event.kind === 'turn_finished')).toBe(true)
  })

  it('refuses to take over a session that is not open here', async () => {
    const { tabs: [owner, follower] } = startTabs(2)
    if (!owner || !follower) throw new Error('two tabs expected')
    const session = await owner.host.createSession()
    await owner.host.openSession(session.id)
    await expect(follower.host.takeOver(session.id)).rejects.toThrow(/not open here/)
  })

  it('takes over from a tab that died mid-turn and closes off its turn, keeping the history valid', async () => {
    const { shared, tabs: [owner, follower] } = startTabs(2)
    if (!owner || !follower) throw new Error('two tabs expected')
    const session = await owner.host.createSession()
    await owner.host.openSession(session.id)
    await follower.host.openSession(session.id)

    void owner.host.submit(session.id, 'What is here?')
    // The turn stops at the prompt for `cat README.md`: its tool call is committed, unanswered.
    await expect.poll(() => follower.events().some((event) => event.kind === 'permission_request')).toBe(true)
    owner.kill()

    await expect.poll(() => follower.events().some((event) => event.kind === 'session_access')).toBe(true)
    const notices = follower.events().filter((event) => event.kind === 'turn_interrupted' || event.kind === 'session_access')
    expect(notices).toEqual([
      { kind: 'turn_interrupted', sessionId: session.id, reason: 'driver_lost' },
      { kind: 'session_access', sessionId: session.id, readOnly: false }
    ])
    const repaired = await shared.store.loadSession(session.id)
    expect(repaired?.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'tool'])
    expect(repaired?.messages.at(-1)?.content).toBe(TOOL_LOST_MESSAGE)
    expect(await follower.host.verifyReplay(session.id)).toMatchObject({ ok: true })

    // The dead owner's prompt was never settled; only the new turn's prompts count.
    const mark = follower.events().length
    const next = follower.host.submit(session.id, 'Try again')
    await follower.answerNextPrompt(session.id, 'allow_once', mark)
    expect((await next).response).toContain('Tiny Calculator')
  })

  it('takes a permission mode while another tab drives the session, and turns run in it once this tab does', async () => {
    const { tabs: [owner, follower] } = startTabs(2)
    if (!owner || !follower) throw new Error('two tabs expected')
    const session = await owner.host.createSession()
    await owner.host.openSession(session.id)
    expect(await follower.host.openSession(session.id)).toMatchObject({ readOnly: true })
    await follower.host.setPermissionMode(session.id, 'bypassPermissions')

    await owner.host.closeSession(session.id)
    await expect.poll(() => follower.events().some((event) => event.kind === 'session_access')).toBe(true)
    // The demo's `cat README.md` asks in `default`; in `bypassPermissions` it runs unasked.
    const turn = await follower.host.submit(session.id, 'What is here?')
    expect(turn.response).toContain('Tiny Calculator')
    expect(follower.events().some((event) => event.kind === 'permission_request')).toBe(false)
  })

  it('in Node, with no other tab, drives every session it opens and closes off a turn a crashed process left', async () => {
    const { shared, tabs: [host] } = startTabs(1)
    if (!host) throw new Error('one tab expected')
    const prompt = createUserMessage('Still there?')
    await shared.store.commit(
      { id: 'crashed', name: 'Crashed', createdAt: 1, updatedAt: 1, model: 'offline-demo', providerName: 'offline-demo', messages: [prompt], nextEventSeq: 1 },
      [{ seq: 0, ts: 1, sessionId: 'crashed', executionId: 'e1', type: 'history_mutation', data: { mutation: 'append', index: 0, message: prompt } }]
    )
    const view = await host.host.openSession('crashed')
    expect(view.readOnly).toBeUndefined()
    expect(view.messages.map((message) => [message.role, message.state])).toEqual([
      ['user', 'complete'],
      ['assistant', 'interrupted']
    ])
    await expect.poll(() => host.events().at(-1)).toEqual({ kind: 'turn_interrupted', sessionId: 'crashed', reason: 'driver_lost' })
  })
})
