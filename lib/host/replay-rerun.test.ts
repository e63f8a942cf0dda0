import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import { ScriptedProvider, type TScriptedStepSource } from '../testing/scripted-provider.ts'
import type { THostEvent } from './agent-host.ts'
import { LocalAgentHost } from './local-agent-host.ts'
import { rerunReplay } from '../session/replay-rerun.ts'
import type { ITool } from '../core/tool.ts'
import { createZodFunctionTool } from '../tools/function-tool.ts'
import * as z from 'zod'

const files = { 'README.md': '# Demo\n', 'src/a.ts': 'export const a = 1\n' }

async function recordSession(steps: TScriptedStepSource[], prompts: string[], tools: ITool[] = []) {
  const host = new LocalAgentHost({
    tools,
    store: new MemorySessionStore(),
    createSandbox: () => new InMemorySandboxClient({ files, cwd: '/workspace' }),
    createProvider: () => new ScriptedProvider(steps, { name: 'scripted' }),
    defaultProvider: { kind: 'scripted', model: 'scripted-model' },
    eventIntervalMs: 1,
    permissions: { allow: ['Bash(ls *)'], deny: [] }
  })
  // Answer every prompt: the first with allow, the rest with deny, so both kinds are recorded.
  let asked = 0
  await host.subscribe(async (batch: THostEvent[]) => {
    for (const event of batch) {
      if (event.kind === 'permission_request') void host.answerPermission(event.sessionId, event.requestId, asked++ === 0 ? 'allow_once' : 'deny')
    }
  })
  const session = await host.createSession()
  for (const prompt of prompts) await host.submit(session.id, prompt)
  return (await host.openSession(session.id)).events
}

const steps: TScriptedStepSource[] = [
  { text: 'Looking.', toolCalls: [{ id: 'call_1', name: 'Bash', arguments: { command: 'ls src' } }] },
  { text: 'Editing.', toolCalls: [{ id: 'call_2', name: 'Edit', arguments: { filePath: 'src/a.ts', oldString: '= 1', newString: '= 2' } }] },
  { text: 'Writing.', toolCalls: [{ id: 'call_3', name: 'Write', arguments: { filePath: 'b.txt', content: 'b' } }] },
  { text: 'Done with the first.' },
  { text: 'Second answer.' }
]

describe('rerunReplay', () => {
  it('re-runs a recorded session offline, with real tools and the recorded answers, and finds it identical', async () => {
    const events = await recordSession(steps, ['Change a', 'And then?'])
    const sandbox = new InMemorySandboxClient({ files, cwd: '/workspace' })
    const seen: string[] = []
    const report = await rerunReplay({ events, sandbox, permissions: { allow: ['Bash(ls *)'], deny: [] }, onExecutionEvent: (event) => seen.push(event.type) })

    expect(report).toEqual({ matches: true, prompts: 2, recordedCalls: 5, replayedCalls: 5, recordedMessages: 10, replayedMessages: 10 })
    // The allowed edit ran again in the fresh sandbox; the denied write did not.
    expect(await sandbox.readFile('/workspace/src/a.ts')).toBe('export const a = 2\n')
    await expect(sandbox.readFile('/workspace/b.txt')).rejects.toThrow()
    expect(seen).toContain('permission_decision')
  })

  it('gives a tool it cannot run again offline (an app’s own, a subagent) the result recorded for each call', async () => {
    let lookups = 0
    const lookup = createZodFunctionTool('lookup', 'Looks a word up.', z.object({ word: z.string() }), async ({ word }) => `${word}: entry #${++lookups}`)
    const events = await recordSession(
      [{ text: 'Looking it up.', toolCalls: [{ id: 'call_look', name: 'lookup', arguments: { word: 'robota' } }] }, { text: 'It is entry #1.' }],
      ['Look up robota'],
      [lookup]
    )
    const report = await rerunReplay({ events, sandbox: new InMemorySandboxClient({ files, cwd: '/workspace' }) })

    expect(report).toEqual({ matches: true, prompts: 1, recordedCalls: 2, replayedCalls: 2, recordedMessages: 4, replayedMessages: 4 })
    expect(lookups).toBe(1)
  })

  it('reports where a re-run from other files diverges', async () => {
    const events = await recordSession(steps.slice(0, 1).concat({ text: 'Listed.' }), ['List src'])
    const sandbox = new InMemorySandboxClient({ files: { 'src/other.ts': '' }, cwd: '/workspace' })
    const report = await rerunReplay({ events, sandbox, permissions: { allow: ['Bash(ls *)'], deny: [] } })

    expect(report.matches).toBe(false)
    expect(report.divergence).toMatch(/Replay diverged at call 2, message 4/)
    expect(report.difference).toMatchObject({ index: 2 })
    expect(report.difference?.recorded).toContain('a.ts')
    expect(report.difference?.replayed).toContain('other.ts')
    // The re-run's own events come with a report that differs, to be set beside the recorded ones.
    const listing = report.events?.find((event) => event.type === 'tool_execution_result')
    expect(JSON.stringify(listing?.data)).toContain('other.ts')
  })

  it('reports a log with no model calls as trivially matching', async () => {
    const report = await rerunReplay({ events: [], sandbox: new InMemorySandboxClient() })
    expect(report).toMatchObject({ matches: true, prompts: 0, recordedCalls: 0, replayedCalls: 0 })
  })
})
