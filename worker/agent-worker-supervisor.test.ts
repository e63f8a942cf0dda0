import { afterEach, describe, expect, it } from 'vitest'
import type { THostEvent } from '../lib/host/agent-host.ts'
import { MemorySessionStore } from '../lib/storage/memory-session-store.ts'
import { AgentWorkerSupervisor, type TWorkerRestart } from './agent-worker-supervisor.ts'
import { createSupervisedClient, type IAgentClient } from './create-agent-client.ts'
import { createInProcessSessionLocks } from './in-process-session-locks.ts'
import { TOOL_LOST_MESSAGE } from '../lib/session/interrupted-turn-repair.ts'
import { startSimulatedWorker } from './simulated-tab.fixtures.ts'

// Each "worker" is a host exposed with comlink over a MessageChannel; `hang()` makes it answer
// nothing more (heartbeats included), as a worker stuck in a loop or killed would.
let client: IAgentClient | undefined
let channelCount = 0

afterEach(() => client?.terminate())

function startClient(maxRestarts = 3) {
  const shared = { store: new MemorySessionStore(), locks: createInProcessSessionLocks(), channelName: `robota-supervisor-${channelCount++}` }
  const workers: Array<ReturnType<typeof startSimulatedWorker>> = []
  const supervisor = new AgentWorkerSupervisor({
    startWorker: () => {
      const worker = startSimulatedWorker(shared)
      workers.push(worker)
      return worker.handle
    },
    heartbeat: { intervalMs: 20, timeoutMs: 150 },
    maxRestarts
  })
  // As createAgentClient does in a page: the first worker starts before any call.
  supervisor.start()
  client = createSupervisedClient(supervisor)
  const events: THostEvent[] = []
  void client.subscribe((batch) => {
    events.push(...batch)
  })
  const restarts: TWorkerRestart[] = []
  client.onRestart((restart) => restarts.push(restart))
  return { client, shared, workers, events, restarts }
}

async function answerPrompt(agent: IAgentClient, events: THostEvent[], sessionId: string, fromIndex: number): Promise<void> {
  await expect.poll(() => events.slice(fromIndex).some((event) => event.kind === 'permission_request')).toBe(true)
  const prompt = events.slice(fromIndex).find((event) => event.kind === 'permission_request')
  if (prompt?.kind === 'permission_request') await agent.answerPermission(sessionId, prompt.requestId, 'allow_once')
}

describe('AgentWorkerSupervisor', () => {
  it('replaces a worker that stops answering mid-turn, reports the turn interrupted and resumes the session from storage', async () => {
    const { client: agent, shared, workers, events, restarts } = startClient()
    const session = await agent.createSession()
    await agent.openSession(session.id)
    const turn = agent.submit(session.id, 'What is here?')
    await expect.poll(() => events.some((event) => event.kind === 'permission_request')).toBe(true)
    workers[0]?.hang()

    expect(await turn).toEqual({ response: '', interrupted: true, toolsExecuted: [] })
    expect(agent.restarts).toBe(1)
    expect(restarts).toEqual([
      { restarts: 1, reason: 'unresponsive', message: 'The agent worker stopped answering heartbeats.', interruptedSessionIds: [session.id] }
    ])
    expect(events).toContainEqual({ kind: 'turn_interrupted', sessionId: session.id, reason: 'worker_restarted' })

    // The new worker reopened the session, closed off the cut turn in storage, and drives it.
    const view = await agent.openSession(session.id)
    expect(view.readOnly).toBeUndefined()
    expect(view.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'tool'])
    expect(view.messages.at(-1)).toMatchObject({ content: TOOL_LOST_MESSAGE, state: 'interrupted' })
    expect(await agent.verifyReplay(session.id)).toMatchObject({ ok: true })

    const mark = events.length
    const next = agent.submit(session.id, 'Once more')
    await answerPrompt(agent, events, session.id, mark)
    expect((await next).response).toContain('Tiny Calculator')
    expect((await shared.store.loadSession(session.id))?.messages.filter((message) => message.role === 'user')).toHaveLength(2)
  })

  it('reports a subagent run its turn started interrupted too, so a page showing the run sees it end', async () => {
    const { client: agent, workers, events, restarts } = startClient()
    const parent = await agent.createSession()
    await agent.openSession(parent.id)
    const turn = agent.submit(parent.id, 'Delegate the tour to a subagent')
    const asked = () => events.find((event) => event.kind === 'permission_request' && event.request.subagent !== undefined)
    await expect.poll(asked).toBeDefined()
    const prompt = asked()
    const runId = prompt?.kind === 'permission_request' ? (prompt.request.subagent?.sessionId ?? '') : ''
    expect(await agent.openSession(runId)).toMatchObject({ running: true })
    workers[0]?.hang()

    expect(await turn).toMatchObject({ interrupted: true })
    expect(restarts[0]?.interruptedSessionIds.toSorted()).toEqual([parent.id, runId].toSorted())
    expect(events).toContainEqual({ kind: 'turn_interrupted', sessionId: runId, reason: 'worker_restarted' })
    expect((await agent.openSession(runId)).running).toBeFalsy()
  })

  it("restarts on an `error` event only when the worker no longer answers", async () => {
    const { client: agent, workers, restarts } = startClient()
    workers[0]?.reportError('an uncaught error in a callback')
    await new Promise((resolve) => setTimeout(resolve, 1_200))
    expect(agent.restarts).toBe(0)

    workers[0]?.hang()
    workers[0]?.reportError('the worker script failed')
    await expect.poll(() => agent.restarts, { timeout: 3_000 }).toBe(1)
    expect(restarts[0]).toMatchObject({ reason: 'error' })
    expect((await agent.listSessions()).sessions).toEqual([])
  })

  it('says the worker never started, and why, when no worker it starts ever loads', async () => {
    let started = 0
    const supervisor = new AgentWorkerSupervisor({
      // A module worker whose script 404s: nothing answers, and its error event says only that.
      startWorker: () => {
        started++
        const { port1 } = new MessageChannel()
        return { endpoint: port1, onError: (listener) => setTimeout(() => listener('its script or one of its imports could not be loaded'), 5), close: () => port1.close() }
      },
      heartbeat: { intervalMs: 20, timeoutMs: 150 },
      maxRestarts: 2
    })
    client = createSupervisedClient(supervisor)
    await expect(client.listSessions()).rejects.toMatchObject({
      code: 'ABORTED',
      message: expect.stringMatching(/^The agent worker never started \(3 tries\): The agent worker failed: its script or one of its imports could not be loaded/)
    })
    expect(started).toBe(3)
  })

  it('sends a call to the worker in the caller\'s task, so a page renders nothing before its prompt leaves', () => {
    const { port1 } = new MessageChannel()
    const posted: unknown[] = []
    const endpoint = Object.assign(port1, {
      postMessage: (message: unknown) => {
        posted.push(message)
      }
    })
    const supervisor = new AgentWorkerSupervisor({
      startWorker: () => ({ endpoint, onError: () => undefined, close: () => port1.close() }),
      heartbeat: { intervalMs: 60_000, timeoutMs: 120_000 },
      maxRestarts: 0
    })
    client = createSupervisedClient(supervisor)
    void client.submit('session-1', 'Hello').catch(() => undefined)
    expect(posted).toContainEqual(expect.objectContaining({ path: ['submit'], argumentList: [{ type: 'RAW', value: 'session-1' }, { type: 'RAW', value: 'Hello' }, { type: 'RAW', value: undefined }] }))
  })

  it('retries a safe call on the new worker, refuses to repeat an unsafe one, and gives up after maxRestarts', async () => {
    const { client: agent, workers } = startClient(1)
    const session = await agent.createSession()
    workers[0]?.hang()
    const listing = agent.listSessions()
    const created = agent.createSession({ name: 'twice?' }).catch((error: unknown) => error)
    expect((await listing).sessions.map((summary) => summary.id)).toEqual([session.id])
    expect(await created).toMatchObject({ code: 'ABORTED' })

    workers[1]?.hang()
    await expect(agent.listSessions()).rejects.toMatchObject({ code: 'ABORTED', message: expect.stringMatching(/gave up/) })
  })
})
