import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { ProviderError } from '../core/errors.ts'
import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import { createAssistantMessage, createUserMessage } from '../core/messages.ts'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import { findReplayGaps } from '../storage/replay-log/validate-replay-log.ts'
import { ScriptedProvider, type TScriptedStepSource } from '../testing/scripted-provider.ts'
import { COMPACT_SUMMARY_PREFIX } from '../session/compaction/compaction-prompt.ts'
import { historyFromEvents } from '../session/history-from-events.ts'
import { LocalAgentHost } from './local-agent-host.ts'
import { rerunReplay } from '../session/replay-rerun.ts'
import { createSandboxTools } from '../session/sandbox-tools.ts'
import { Session } from '../session/session.ts'
import type { TSessionEvent } from '../session/session-events.ts'

const files = { 'README.md': '# Demo\n', 'src/a.ts': 'export const a = 1\n' }

function makeHost(steps: TScriptedStepSource[]) {
  return new LocalAgentHost({
    store: new MemorySessionStore(),
    createSandbox: () => new InMemorySandboxClient({ files, cwd: '/workspace' }),
    createProvider: () => new ScriptedProvider(steps, { name: 'scripted' }),
    defaultProvider: { kind: 'scripted', model: 'scripted-model' },
    eventIntervalMs: 1,
    permissionMode: 'bypassPermissions'
  })
}

const turnWithTools: TScriptedStepSource[] = [
  { text: 'Looking.', toolCalls: [{ id: 'call_1', name: 'Bash', arguments: { command: 'ls src' } }] },
  { text: 'Editing.', toolCalls: [{ id: 'call_2', name: 'Edit', arguments: { filePath: 'src/a.ts', oldString: '= 1', newString: '= 2' } }] },
  { text: 'a is 2 now.' }
]
const summary: TScriptedStepSource = { text: 'The user had a.ts changed from 1 to 2.' }
const secondTurn: TScriptedStepSource[] = [
  { text: 'Reading.', toolCalls: [{ id: 'call_3', name: 'Read', arguments: { filePath: 'src/a.ts' } }] },
  { text: 'Writing.', toolCalls: [{ id: 'call_4', name: 'Write', arguments: { filePath: 'b.txt', content: 'b' } }] },
  { text: 'Wrote b.txt.' }
]

/** Records a session: a turn with tools, then each of `between` as a command, then another turn with tools. */
async function record(between: string[], steps: TScriptedStepSource[]) {
  const host = makeHost(steps)
  const session = await host.createSession()
  await host.submit(session.id, 'Change a to 2')
  for (const line of between) expect(await host.executeCommand(session.id, line)).toMatchObject({ success: true })
  await host.submit(session.id, 'Now read it and write b')
  const { events } = await host.openSession(session.id)
  return { host, sessionId: session.id, events, log: events as readonly TExecutionEventEnvelope[] as readonly TSessionEvent[] }
}

const toolResults = (events: readonly TExecutionEventEnvelope[]) =>
  events.flatMap((event) => (event.type === 'tool_execution_result' ? [`${event.data.toolCallId}:${event.data.success}:${JSON.stringify(event.data.result)}`] : []))

describe('re-running a compacted session', () => {
  it('replays the summary call and the replaced history, and reports a match', async () => {
    const { host, sessionId, events, log } = await record(['/compact'], [...turnWithTools, summary, ...secondTurn])
    expect(log.some((event) => event.type === 'compaction')).toBe(true)
    expect(findReplayGaps(events)).toEqual([])

    const report = await host.rerunReplay(sessionId)
    expect(report, JSON.stringify(report)).toEqual({
      matches: true,
      prompts: 2,
      recordedCalls: 7,
      replayedCalls: 7,
      // The summary, then the second turn's user, three assistant and two tool messages.
      recordedMessages: 7,
      replayedMessages: 7
    })
  })

  it('shows the compacted log as both turns with a compaction between, the summary call left out', async () => {
    const { log } = await record(['/compact'], [...turnWithTools, summary, ...secondTurn])
    const shown = historyFromEvents(log, []).map((entry) => (entry.category === 'chat' ? `${entry.type}:${entry.data.content.slice(0, 12)}` : entry.type))
    const round = (text: string) => [`assistant:${text}`, 'tool-start', 'tool-end', 'tool:{"success":t']
    expect(shown).toEqual([
      'user:Change a to ',
      ...round('Looking.'),
      ...round('Editing.'),
      'assistant:a is 2 now.',
      'compaction',
      'user:Now read it ',
      ...round('Reading.'),
      ...round('Writing.'),
      'assistant:Wrote b.txt.'
    ])
  })

  it('runs the tools again with identical results and rebuilds the summary history', async () => {
    const { events } = await record(['/compact'], [...turnWithTools, summary, ...secondTurn])
    const sandbox = new InMemorySandboxClient({ files, cwd: '/workspace' })
    const replayed: TExecutionEventEnvelope[] = []
    const report = await rerunReplay({ events, sandbox, permissionMode: 'bypassPermissions', onExecutionEvent: (event) => replayed.push(event) })

    expect(report.matches).toBe(true)
    expect(toolResults(replayed)).toEqual(toolResults(events))
    expect(toolResults(replayed)).toHaveLength(4)
    expect(await sandbox.readFile('/workspace/src/a.ts')).toBe('export const a = 2\n')
    expect(await sandbox.readFile('/workspace/b.txt')).toBe('b')
    const replayedLog = replayed as readonly TSessionEvent[]
    expect(replayedLog.find((event) => event.type === 'history_replaced')?.data).toMatchObject({ reason: 'compaction', messages: [{ role: 'user' }] })
    expect(replayedLog.find((event) => event.type === 'compaction')?.data).toMatchObject({ summary: 'The user had a.ts changed from 1 to 2.' })
  })

  it('re-runs after export and import into a fresh host', async () => {
    const { host, sessionId } = await record(['/compact'], [...turnWithTools, summary, ...secondTurn])
    const fresh = makeHost([])
    const imported = await fresh.importReplay(await host.exportReplay(sessionId))
    expect(imported.messageCount).toBe(7)
    expect((await fresh.openSession(sessionId)).messages[0]?.content).toContain(COMPACT_SUMMARY_PREFIX)

    const report = await fresh.rerunReplay(sessionId)
    expect(report, JSON.stringify(report)).toMatchObject({ matches: true, prompts: 2, recordedCalls: 7, replayedCalls: 7 })
  })

  it('stops with a divergence when the summary call is sent something other than what was recorded', async () => {
    const { events } = await record(['/compact'], [...turnWithTools, summary, ...secondTurn])
    const sandbox = new InMemorySandboxClient({ files, cwd: '/workspace' })
    const report = await rerunReplay({ events, sandbox, permissionMode: 'bypassPermissions', compactInstructions: 'Keep every file name.' })
    expect(report).toMatchObject({ matches: false, prompts: 2, recordedCalls: 7, replayedCalls: 4 })
    // The request ends with the summary instructions: the conversation before them was the same.
    expect(report.divergence).toMatch(/^Replay diverged at call 4, message 8: recorded user "Summarize the conversation/)
    // Nothing after the drifted summary ran: the second turn's Write never happened.
    await expect(sandbox.readFile('/workspace/b.txt')).rejects.toThrow()
  })

  it('stops at the first turn that drifts, before the compaction', async () => {
    const { events } = await record(['/compact'], [...turnWithTools, summary, ...secondTurn])
    const sandbox = new InMemorySandboxClient({ files: { 'src/other.ts': '' }, cwd: '/workspace' })
    const report = await rerunReplay({ events, sandbox, permissionMode: 'bypassPermissions' })
    expect(report.matches).toBe(false)
    expect(report.divergence).toMatch(/^Replay diverged at call 2, message 4/)
  })

  it('re-runs a cleared session: the second turn starts from an empty history', async () => {
    const { host, sessionId, log } = await record(['/clear'], [...turnWithTools, ...secondTurn])
    expect(log.filter((event) => event.type === 'history_replaced').map((event) => event.data)).toEqual([{ reason: 'clear', messages: [] }])

    const report = await host.rerunReplay(sessionId)
    expect(report, JSON.stringify(report)).toEqual({ matches: true, prompts: 2, recordedCalls: 6, replayedCalls: 6, recordedMessages: 6, replayedMessages: 6 })
    expect(historyFromEvents(log, []).filter((entry) => entry.category === 'chat').map((entry) => entry.data.content)).toEqual([
      'Now read it and write b',
      'Reading.',
      expect.any(String),
      'Writing.',
      expect.any(String),
      'Wrote b.txt.'
    ])
  })

  it('re-runs a session compacted, then cleared', async () => {
    const { host, sessionId } = await record(['/compact', '/clear'], [...turnWithTools, summary, ...secondTurn])
    const report = await host.rerunReplay(sessionId)
    expect(report, JSON.stringify(report)).toEqual({ matches: true, prompts: 2, recordedCalls: 7, replayedCalls: 7, recordedMessages: 6, replayedMessages: 6 })
  })

  it('re-runs a compaction asked for with instructions, sending them again', async () => {
    const { host, sessionId, log } = await record(['/compact keep the file names'], [...turnWithTools, summary, ...secondTurn])
    expect(log.find((event) => event.type === 'compaction')?.data).toMatchObject({ instructions: 'keep the file names' })
    const report = await host.rerunReplay(sessionId)
    expect(report, JSON.stringify(report)).toMatchObject({ matches: true, recordedCalls: 7, replayedCalls: 7 })
  })

  it('leaves out a summary call that failed, which changed nothing', async () => {
    const host = makeHost([...turnWithTools, { error: new ProviderError('the model is overloaded') }, ...secondTurn])
    const session = await host.createSession()
    await host.submit(session.id, 'Change a to 2')
    expect(await host.executeCommand(session.id, '/compact')).toMatchObject({ success: false })
    await host.submit(session.id, 'Now read it and write b')
    const { events } = await host.openSession(session.id)
    expect(events.filter((event) => event.type === 'provider_request')).toHaveLength(7)
    // The failed call took its place in the log; the next turn's prompt still follows it.
    const prompts = events.flatMap((event) =>
      event.type === 'history_mutation' && event.data.message.role === 'user' && event.round === undefined ? [event.data.message.content] : []
    )
    expect(prompts).toEqual(['Change a to 2', 'Now read it and write b'])

    const report = await host.rerunReplay(session.id)
    // The first turn, then the second continuing the whole conversation: 6 calls, 12 messages.
    expect(report, JSON.stringify(report)).toEqual({ matches: true, prompts: 2, recordedCalls: 6, replayedCalls: 6, recordedMessages: 12, replayedMessages: 12 })
  })
})

describe('re-running a Session log with compactions of its own', () => {
  it('replays an automatic compaction under project compact instructions, after a forked start', async () => {
    const sandbox = new InMemorySandboxClient({ files, cwd: '/workspace' })
    const events: TSessionEvent[] = []
    const session = new Session({
      provider: new ScriptedProvider([
        { text: 'Reading.', toolCalls: [{ id: 'call_1', name: 'Read', arguments: { filePath: 'src/a.ts' } }] },
        { text: 'a is 1.', metadata: { inputTokens: 900, outputTokens: 10 } },
        { text: 'Summary: a is 1.' },
        { text: 'Still 1.' }
      ]),
      model: 'scripted-model',
      systemMessage: 'You help.',
      tools: createSandboxTools(sandbox, '/workspace'),
      permissions: { mode: 'bypassPermissions' },
      contextWindow: 1000,
      autoCompactThreshold: 0.5,
      compactInstructions: 'Keep the values of variables.',
      onEvent: (event) => {
        events.push(event)
      }
    })
    await session.replaceHistory([createUserMessage('Earlier question'), createAssistantMessage('Earlier answer')], { reason: 'fork' })
    const first = await session.run('What is a?')
    expect(first.compactions).toEqual([expect.objectContaining({ compacted: true, trigger: 'auto' })])
    await session.run('And now?')
    const log = events as unknown as TExecutionEventEnvelope[]

    const rerun = () => new InMemorySandboxClient({ files, cwd: '/workspace' })
    const report = await rerunReplay({ events: log, sandbox: rerun(), permissionMode: 'bypassPermissions', compactInstructions: 'Keep the values of variables.' })
    expect(report, JSON.stringify(report)).toEqual({ matches: true, prompts: 2, recordedCalls: 4, replayedCalls: 4, recordedMessages: 3, replayedMessages: 3 })
    // Without the project's instructions the summary request is not the recorded one.
    const without = await rerunReplay({ events: log, sandbox: rerun(), permissionMode: 'bypassPermissions' })
    expect(without.divergence).toMatch(/^Replay diverged at call 3, message 8: recorded user "Summarize the conversation/)
  })
})
