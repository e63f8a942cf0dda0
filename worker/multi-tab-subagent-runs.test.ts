import { afterEach, describe, expect, it } from 'vitest'
import { MemorySessionStore } from '../lib/storage/memory-session-store.ts'
import { createInProcessSessionLocks } from './in-process-session-locks.ts'
import { startSimulatedTab, type TSimulatedTab } from './simulated-tab.fixtures.ts'

// Two tabs are two hosts over one store, one set of locks and one BroadcastChannel name.
let tabs: TSimulatedTab[] = []
let tabCount = 0
afterEach(() => {
  for (const tab of tabs) tab.kill()
  tabs = []
})

function startTwoTabs() {
  const shared = { store: new MemorySessionStore(), locks: createInProcessSessionLocks(), channelName: `robota-test-subagent-runs-${tabCount++}` }
  tabs = [startSimulatedTab(shared), startSimulatedTab(shared)]
  const [running, other] = tabs
  if (!running || !other) throw new Error('two tabs expected')
  return { running, other }
}

/** Starts a delegating turn in `running`; resolves with it and the run's id once the run's Bash call waits for approval. */
async function delegate(running: TSimulatedTab) {
  const parent = await running.host.createSession()
  await running.host.openSession(parent.id)
  const turn = running.host.submit(parent.id, 'Delegate the tour to a subagent')
  const asked = () => running.events().find((event) => event.kind === 'permission_request' && event.request.subagent !== undefined)
  await expect.poll(asked, { interval: 5, timeout: 5000 }).toBeDefined()
  const prompt = asked()
  return { parent, turn, runId: prompt?.kind === 'permission_request' ? (prompt.request.subagent?.sessionId ?? '') : '' }
}

describe('a subagent run under the multi-tab host', () => {
  it('is driven by the tab whose turn runs it: another tab opens it read-only, running, and cannot start it beside that turn', async () => {
    const { running, other } = startTwoTabs()
    const { parent, turn, runId } = await delegate(running)

    expect(await other.host.openSession(runId)).toMatchObject({ readOnly: true, running: true })
    await expect(other.host.submit(runId, 'Something else')).rejects.toThrow(`Session ${runId} is driven by another tab`)
    await expect(other.host.writeFile(runId, '/workspace/x.txt', 'x')).rejects.toThrow('read-only here')

    await running.answerNextPrompt(parent.id, 'allow_once')
    expect((await turn).response).toContain('The Explore subagent reported')
    // Once the run ended, the tab that has it open takes it over.
    await expect.poll(() => other.events().some((event) => event.kind === 'session_access' && event.sessionId === runId && !event.readOnly), { interval: 5, timeout: 5000 }).toBe(true)
    expect(await running.host.verifyReplay(runId)).toMatchObject({ ok: true })
  })

  it('is handed over to a tab that takes it over once it has stopped, and its parent goes on', async () => {
    const { running, other } = startTwoTabs()
    const { turn, runId } = await delegate(running)
    await other.host.openSession(runId)
    await other.host.takeOver(runId)

    expect((await turn).response).toContain('The Explore subagent')
    expect(running.events().find((event) => event.kind === 'turn_finished' && event.sessionId === runId)).toMatchObject({ result: { interrupted: true } })
    expect((await other.host.openSession(runId)).readOnly).toBeUndefined()
    expect(await other.host.verifyReplay(runId)).toMatchObject({ ok: true })
  })
})
