import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { createAssistantMessage, createUserMessage, type TUniversalMessage } from '../../core/messages.ts'
import { ScriptedProvider, type TScriptedStep } from '../../testing/scripted-provider.ts'
import { describeHistoryProblems, rebuildHistoryFromEvents } from '../../testing/suite-totals-history-checks.ts'
import { recordSuiteTotal } from '../../testing/suite-totals.ts'
import { createBashTool } from '../../tools/builtins/bash-tool.ts'
import type { TSessionEvent } from '../session-events.ts'
import { Session } from '../session.ts'

// Aborts while the conversation is being summarized, asked for (`compact()`) or automatic (at
// the start of `run()`): nothing is replaced, the history stays valid, and the session's next
// prompt compacts and runs its tools in the sandbox.

const SUITE = 'compaction aborts'

const EARLIER: TUniversalMessage[] = [
  createUserMessage('Set up the project.'),
  createAssistantMessage('Done: package.json and src/ are in place.'),
  createUserMessage('Add a test.'),
  createAssistantMessage('Added src/app.test.ts.')
]
const SLOW_SUMMARY: TScriptedStep = { text: ['The user ', 'set up a project ', 'and added ', 'a test.'] }

type TCompactionCase = { name: string; trigger: 'manual' | 'auto' }
const CASES: TCompactionCase[] = [
  { name: 'a compaction asked for with compact()', trigger: 'manual' },
  { name: 'an auto-compaction at the start of run()', trigger: 'auto' }
]

describe('aborting a compaction', () => {
  it.each(CASES)('abort during $name: returns, replaces nothing, and the session works on', async ({ trigger }) => {
    const sandbox = new InMemorySandboxClient()
    const provider = new ScriptedProvider(
      [SLOW_SUMMARY, { text: 'Summary: project set up, test added.' }, { toolCalls: [{ name: 'Bash', arguments: { command: 'echo ok > after.txt' } }] }, { text: 'Carried on.' }],
      { deltaDelayMs: 20 }
    )
    const events: TSessionEvent[] = []
    const controller = new AbortController()
    const session = new Session({
      provider,
      model: 'scripted-model',
      tools: [createBashTool({ sandbox, cwd: '/workspace' })],
      history: EARLIER,
      permissions: { mode: 'bypassPermissions' },
      // Tiny, so any history is past the auto-compaction threshold.
      contextWindow: 200,
      autoCompactThreshold: trigger === 'auto' ? 0.01 : false,
      onEvent: (event) => {
        events.push(event)
        if (event.type === 'provider_stream_raw_delta' && !controller.signal.aborted) controller.abort()
      }
    })

    if (trigger === 'manual') {
      const outcome = await session.compact(undefined, { signal: controller.signal })
      expect(outcome).toMatchObject({ compacted: false, trigger: 'manual', reason: expect.stringMatching(/aborted/) })
      expect(session.getMessages()).toEqual(EARLIER)
    } else {
      const result = await session.run('And now?', { signal: controller.signal })
      expect(result.interrupted).toBe(true)
      expect(result.compactions).toEqual([{ compacted: false, trigger: 'auto', reason: expect.stringMatching(/aborted/) }])
      expect(result.history.slice(0, EARLIER.length)).toEqual(EARLIER)
      expect(result.history.slice(EARLIER.length).map((message) => message.content)).toEqual(['And now?'])
    }
    expect(events.some((event) => event.type === 'history_replaced' || event.type === 'compaction')).toBe(false)
    expect(describeHistoryProblems(session.getMessages())).toEqual([])

    // The next prompt compacts for real (the window is tiny) and then runs its tool in the sandbox.
    if (trigger === 'manual') expect(await session.compact()).toMatchObject({ compacted: true })
    const next = await session.run('Carry on.')
    if (trigger === 'auto') expect(next.compactions[0]).toMatchObject({ compacted: true, trigger: 'auto' })
    expect(next.response).toBe('Carried on.')
    expect(await sandbox.readFile('/workspace/after.txt')).toBe('ok\n')
    expect(describeHistoryProblems(session.getMessages())).toEqual([])
    expect(rebuildHistoryFromEvents(events)).toEqual(session.getMessages())
    recordSuiteTotal(SUITE, 'aborts')
  })
})
