import { afterEach, describe, expect, it } from 'vitest'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import { startFakeLlmServer, type TFakeLlmServer } from '../testing/fake-llm-server.ts'
import { heardHostWithAppKey } from './hosted-subagent.fixtures.ts'

const KEY = 'sk-test-SECRET123'

let fake: TFakeLlmServer | undefined
afterEach(async () => {
  await fake?.close()
  fake = undefined
})

describe("a hosted session's subagent run", () => {
  it('publishes its events as they happen: the ones its log stores, in order, redacted, before the parent turn ends', async () => {
    fake = await startFakeLlmServer({
      apiKey: KEY,
      turns: [
        { toolCalls: [{ name: 'Agent', arguments: { description: 'Count', prompt: 'Count to three.' } }] },
        { text: ['One. ', 'Two. ', 'The key is sk-te', 'st-SECRET123. Three.'] },
        { text: 'The subagent counted.' }
      ]
    })
    const store = new MemorySessionStore()
    const { host, heard } = await heardHostWithAppKey(fake, store, KEY)
    const parent = await host.createSession()
    expect((await host.submit(parent.id, 'Ask a subagent to count')).response).toBe('The subagent counted.')

    const run = (await store.listSessions()).sessions.find((summary) => summary.parentSessionId === parent.id)
    if (!run) throw new Error('the subagent run is stored')
    const stored = await store.loadEvents(run.id)
    const published = heard.flatMap((event) => (event.kind === 'replay' && event.event.sessionId === run.id ? [event.event] : []))
    expect(published.map((event) => [event.seq, event.type])).toEqual(stored.map((event) => [event.seq, event.type]))
    const streamed = published.flatMap((event) => (event.type === 'provider_stream_raw_delta' ? [event.data.delta] : []))
    expect(streamed.join('')).toBe('One. Two. The key is [REDACTED]. Three.')
    expect(JSON.stringify(published)).not.toContain(KEY)
    // Live, not at the end: the run's last event reached the page before the parent's turn finished.
    const lastOfRun = heard.findLastIndex((event) => event.kind === 'replay' && event.event.sessionId === run.id)
    const parentFinished = heard.findIndex((event) => event.kind === 'turn_finished' && event.sessionId === parent.id)
    expect(lastOfRun).toBeGreaterThanOrEqual(0)
    expect(lastOfRun).toBeLessThan(parentFinished)
  })

  it("asks its tool calls' approval in the run too: listed with the run's waiting prompts, answered from it, settled in both", async () => {
    fake = await startFakeLlmServer({
      apiKey: KEY,
      turns: [
        { toolCalls: [{ name: 'Agent', arguments: { description: 'Make a file', prompt: 'Make notes.txt.' } }] },
        { toolCalls: [{ name: 'Bash', arguments: { command: 'touch notes.txt' } }] },
        { text: 'Made.' },
        { text: 'The subagent made it.' }
      ]
    })
    const { host, heard } = await heardHostWithAppKey(fake, new MemorySessionStore(), KEY, 'default')
    const parent = await host.createSession()
    const turn = host.submit(parent.id, 'Ask a subagent to make a file')

    const asked = () => heard.flatMap((event) => (event.kind === 'permission_request' ? [event] : []))
    await expect.poll(() => asked().length, { interval: 5, timeout: 5000 }).toBe(2)
    const [inParent, inRun] = asked()
    const runId = inParent?.request.subagent?.sessionId ?? ''
    expect([inParent?.sessionId, inRun?.sessionId]).toEqual([parent.id, runId])
    expect(inRun?.requestId).toBe(inParent?.requestId)
    const requestId = inRun?.requestId ?? ''
    expect((await host.openSession(runId)).pendingPermissions?.map((pending) => pending.requestId)).toEqual([requestId])
    expect((await host.openSession(parent.id)).pendingPermissions?.map((pending) => pending.requestId)).toEqual([requestId])

    await host.answerPermission(runId, requestId, 'allow_once')
    expect((await turn).response).toBe('The subagent made it.')
    // Allowed from the run, the call ran.
    const results = (await host.openSession(runId)).messages.flatMap((message) => (message.role === 'tool' ? [JSON.parse(message.content)] : []))
    expect(results).toEqual([expect.objectContaining({ success: true, exitCode: 0 })])
    const settled = heard.flatMap((event) => (event.kind === 'permission_settled' ? [[event.sessionId, event.requestId, event.answer]] : []))
    expect(settled).toEqual([
      [parent.id, requestId, 'allow_once'],
      [runId, requestId, 'allow_once']
    ])
    // Another session's id answers nothing.
    await expect(host.answerPermission(parent.id, requestId, 'allow_once')).rejects.toThrow(`No permission prompt "${requestId}" is waiting in session ${parent.id}.`)
  })
})
