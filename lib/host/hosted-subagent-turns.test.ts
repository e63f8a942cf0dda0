import { afterEach, describe, expect, it } from 'vitest'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import { startFakeLlmServer, type TFakeLlmServer } from '../testing/fake-llm-server.ts'
import type { THostEvent } from './agent-host.ts'
import { heardHostWithAppKey } from './hosted-subagent.fixtures.ts'

const KEY = 'sk-test-SECRET123'

let fake: TFakeLlmServer | undefined
afterEach(async () => {
  await fake?.close()
  fake = undefined
})

const runEvents = (heard: readonly THostEvent[], runId: string) =>
  heard.flatMap((event) => (event.kind === 'replay' && event.event.sessionId === runId ? [event.event] : []))

describe('a subagent run, as a turn of its own session', () => {
  it('is announced, opens as running with what it has streamed and not stored, refuses prompts, and ends before its parent', async () => {
    fake = await startFakeLlmServer({
      apiKey: KEY,
      // Slow enough that the run is still mid-answer when it is opened, on a busy machine too.
      eventDelayMs: 100,
      turns: [
        { toolCalls: [{ name: 'Agent', arguments: { description: 'Count', prompt: `Count to eight. The key is ${KEY}.` } }] },
        { text: ['One. ', 'Two. ', 'Three. ', 'Four. ', 'Five. ', 'Six. ', 'Seven. ', 'Eight.'] },
        { text: 'The subagent counted.' }
      ]
    })
    const store = new MemorySessionStore()
    const { host, heard } = await heardHostWithAppKey(fake, store, KEY)
    const parent = await host.createSession()
    const turn = host.submit(parent.id, 'Ask a subagent to count')

    const started = () => heard.find((event) => event.kind === 'turn_started' && event.sessionId !== parent.id)
    await expect.poll(started, { interval: 5, timeout: 5000 }).toBeDefined()
    const announced = started() as Extract<THostEvent, { kind: 'turn_started' }>
    const runId = announced.sessionId
    expect(announced.prompt).toBe('Count to eight. The key is [REDACTED].')
    // Announced before its first event, so a page sees the run running as soon as it can open it.
    const firstOfRun = heard.findIndex((event) => event.kind === 'replay' && event.event.sessionId === runId)
    expect(heard.indexOf(announced)).toBeLessThan(firstOfRun === -1 ? Infinity : firstOfRun)

    // Opened mid-answer: the deltas streamed so far are stored only at the round's end.
    const deltas = () => runEvents(heard, runId).filter((event) => event.type === 'provider_stream_raw_delta')
    await expect.poll(() => deltas().length, { interval: 5, timeout: 5000 }).toBeGreaterThanOrEqual(2)
    const view = await host.openSession(runId)
    expect(view.running).toBe(true)
    expect(view.events.filter((event) => event.type === 'provider_stream_raw_delta').length).toBeGreaterThanOrEqual(2)
    expect((await store.loadEvents(runId)).some((event) => event.type === 'provider_stream_raw_delta')).toBe(false)
    await expect(host.submit(runId, 'Count again.')).rejects.toThrow(`Session ${runId} is running a turn; abort it or wait.`)
    // Nor does another call start the session beside the run (its SessionStart would write the same log).
    await expect(host.writeFile(runId, 'notes.txt', 'x')).rejects.toThrow(`Session ${runId} is running a turn; abort it or wait.`)

    expect((await turn).response).toBe('The subagent counted.')
    const runEnd = heard.findIndex((event) => event.kind === 'turn_finished' && event.sessionId === runId)
    const lastOfRun = heard.findLastIndex((event) => event.kind === 'replay' && event.event.sessionId === runId)
    const parentEnd = heard.findIndex((event) => event.kind === 'turn_finished' && event.sessionId === parent.id)
    expect(heard[runEnd]).toEqual({ kind: 'turn_finished', sessionId: runId, result: { response: 'One. Two. Three. Four. Five. Six. Seven. Eight.', interrupted: false, toolsExecuted: [] } })
    expect(lastOfRun).toBeLessThan(runEnd)
    expect(runEnd).toBeLessThan(parentEnd)
    expect((await host.openSession(runId)).running).toBe(false)
  })

  it('stops alone on abort: its waiting prompt is denied, and the parent hears it was interrupted and answers', async () => {
    fake = await startFakeLlmServer({
      apiKey: KEY,
      turns: [
        { toolCalls: [{ name: 'Agent', arguments: { description: 'Make a file', prompt: 'Make notes.txt.' } }] },
        { toolCalls: [{ name: 'Bash', arguments: { command: 'touch notes.txt' } }] },
        { text: 'The subagent was stopped; nothing was made.' }
      ]
    })
    const { host, heard } = await heardHostWithAppKey(fake, new MemorySessionStore(), KEY, 'default')
    const parent = await host.createSession()
    const turn = host.submit(parent.id, 'Ask a subagent to make a file')

    const asked = () => heard.find((event) => event.kind === 'permission_request')
    await expect.poll(asked, { interval: 5, timeout: 5000 }).toBeDefined()
    const request = asked() as Extract<THostEvent, { kind: 'permission_request' }>
    const runId = request.request.subagent?.sessionId ?? ''
    await host.abort(runId)

    const result = await turn
    expect(result).toMatchObject({ response: 'The subagent was stopped; nothing was made.', interrupted: false })
    expect(heard.find((event) => event.kind === 'turn_finished' && event.sessionId === runId)).toMatchObject({ result: { interrupted: true } })
    const settled = heard.flatMap((event) => (event.kind === 'permission_settled' ? [[event.sessionId, event.answer]] : []))
    expect(settled).toEqual([
      [parent.id, 'deny'],
      [runId, 'deny']
    ])
    const agentResult = (await host.openSession(parent.id)).messages.find((message) => message.role === 'tool')
    expect(JSON.parse(agentResult?.content ?? '{}')).toMatchObject({ sessionId: runId, interrupted: true })
    expect(fake.requests).toHaveLength(3)
  })
})
