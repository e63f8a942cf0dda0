import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { isRobotaError, ValidationError } from '../core/errors.ts'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import type { TUniversalMessage } from '../core/messages.ts'
import type { IHookDefinition, IHookInput, IHookResult, IHookTypeExecutor } from '../hooks/index.ts'
import { ScriptedProvider, type TScriptedStepSource } from '../testing/scripted-provider.ts'
import { COMPACT_SUMMARY_PREFIX } from './compaction/compaction-prompt.ts'
import { createSandboxTools } from './sandbox-tools.ts'
import { Session } from './session.ts'
import type { TSessionEvent } from './session-events.ts'
import type { TSessionOptions } from './session-types.ts'

/** Rebuilds a history from a log the way a replay does: resets start it over, appends index into it. */
function rebuildHistory(events: readonly TSessionEvent[]): TUniversalMessage[] {
  let messages: TUniversalMessage[] = []
  for (const event of events) {
    if (event.type === 'history_replaced') messages = [...event.data.messages]
    if (event.type === 'history_mutation') messages[event.data.index] = event.data.message
  }
  return messages
}

/** A hook executor standing in for `prompt` hooks: answers with a fixed exit code and stderr. */
class FixedHookExecutor implements IHookTypeExecutor {
  readonly type = 'prompt'
  readonly inputs: IHookInput[] = []
  constructor(private readonly exitCode: number, private readonly stderr = '') {}
  async execute(_hook: IHookDefinition, input: IHookInput): Promise<IHookResult> {
    this.inputs.push(input)
    return { exitCode: this.exitCode, stdout: '', stderr: this.stderr }
  }
}

function makeSession(steps: TScriptedStepSource[], options: Partial<TSessionOptions> = {}) {
  const provider = new ScriptedProvider(steps)
  const events: TSessionEvent[] = []
  const session = new Session({
    provider,
    model: 'claude-sonnet-4-6',
    systemMessage: 'You help.',
    permissions: { mode: 'bypassPermissions' },
    onEvent: (event) => {
      events.push(event)
    },
    ...options
  })
  return { session, provider, events }
}

describe('Session', () => {
  it('runs a prompt with a gated sandbox tool, in one seq order, summing usage', async () => {
    const sandbox = new InMemorySandboxClient({ files: { 'a.txt': 'alpha' } })
    const { session, events } = makeSession(
      [
        { text: 'Reading.', toolCalls: [{ name: 'Read', arguments: { filePath: 'a.txt' } }], metadata: { inputTokens: 10, outputTokens: 5 } },
        { text: 'It says alpha.', metadata: { inputTokens: 20, outputTokens: 7 } }
      ],
      { tools: createSandboxTools(sandbox, '/workspace') }
    )
    const result = await session.run('What is in a.txt?')
    expect(result.response).toBe('It says alpha.')
    expect(result.toolsExecuted).toEqual(['Read'])
    expect(session.getMessages().find((message) => message.role === 'tool')?.content).toContain('alpha')
    expect(session.getUsage()).toMatchObject({ inputTokens: 30, outputTokens: 12 })
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index))
    expect(events.some((event) => event.type === 'permission_decision' && event.data.decision === 'allow')).toBe(true)
    expect(rebuildHistory(events)).toEqual(session.getMessages())
    expect(session.getNextEventSeq()).toBe(events.length)
  })

  it('compacts on request: the history becomes the summary, the log records it, and the next run continues from it', async () => {
    const { session, provider, events } = makeSession([{ text: 'Answer one.' }, { text: 'Summary: we said hello.' }, { text: 'Answer two.' }])
    await session.run('hello')
    const outcome = await session.compact('keep greetings')
    expect(outcome).toMatchObject({ compacted: true, trigger: 'manual', summary: 'Summary: we said hello.', messagesBefore: 2 })
    expect(session.getMessages().map((message) => message.content)).toEqual([`${COMPACT_SUMMARY_PREFIX}\n\nSummary: we said hello.`])
    expect(provider.calls[1]?.messages.at(-1)?.content).toContain('Focus especially on: keep greetings')

    await session.run('and now?')
    expect(provider.calls[2]?.messages.map((message) => message.role)).toEqual(['system', 'user', 'user'])
    expect(provider.calls[2]?.messages[1]?.content).toContain('Summary: we said hello.')
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index))
    const types = events.map((event) => event.type)
    expect(types.indexOf('compaction')).toBeLessThan(types.indexOf('history_replaced'))
    expect(rebuildHistory(events)).toEqual(session.getMessages())
    expect(session.getMessages().map((message) => message.content).slice(1)).toEqual(['and now?', 'Answer two.'])
  })

  it('compacts on its own after a prompt that filled the window past the threshold', async () => {
    const { session, events } = makeSession(
      [{ text: 'Big answer.', metadata: { inputTokens: 700, outputTokens: 100 } }, { text: 'Short summary.' }],
      { contextWindow: 1000, autoCompactThreshold: 0.8 }
    )
    const result = await session.run('go')
    expect(result.compactions).toEqual([expect.objectContaining({ compacted: true, trigger: 'auto', summary: 'Short summary.', tokensBefore: 800 })])
    expect(session.getContextState().usedTokens).toBeLessThan(800)
    expect(events.find((event) => event.type === 'compaction')?.data).toMatchObject({ trigger: 'auto' })
  })

  it.each([
    ['below the threshold', { contextWindow: 1000, autoCompactThreshold: 0.9 } as const],
    ['with auto-compaction off', { contextWindow: 1000, autoCompactThreshold: false } as const]
  ])('does not compact %s', async (_case, options) => {
    const { session, provider } = makeSession([{ text: 'Big answer.', metadata: { inputTokens: 700, outputTokens: 100 } }], options)
    const result = await session.run('go')
    expect(result.compactions).toEqual([])
    expect(provider.calls).toHaveLength(1)
  })

  it('keeps the run result when an auto-compaction fails', async () => {
    const { session } = makeSession(
      [{ text: 'Big answer.', metadata: { inputTokens: 900, outputTokens: 0 } }, { error: new Error('summary service down') }],
      { contextWindow: 1000, autoCompactThreshold: 0.5 }
    )
    const result = await session.run('go')
    expect(result.response).toBe('Big answer.')
    expect(result.compactions).toEqual([{ compacted: false, trigger: 'auto', reason: 'summary service down' }])
    expect(session.getMessages()).toHaveLength(2)
  })

  it('counts only the tool calls that ran: a call the gate denied or a PreToolUse hook blocked is left out of toolsExecuted', async () => {
    const sandbox = new InMemorySandboxClient({ files: { 'a.txt': 'alpha' } })
    const { session } = makeSession(
      [
        {
          toolCalls: [
            { name: 'Read', arguments: { filePath: 'a.txt' } },
            { name: 'Bash', arguments: { command: 'rm a.txt' } },
            { name: 'Write', arguments: { filePath: 'b.txt', content: 'beta' } }
          ]
        },
        { text: 'Read it; the rest was refused.' }
      ],
      {
        tools: createSandboxTools(sandbox, '/workspace'),
        permissions: {
          mode: 'bypassPermissions',
          permissions: { deny: ['Bash(rm *)'] },
          hooks: { PreToolUse: [{ matcher: 'Write', hooks: [{ type: 'prompt', prompt: 'no writes' }] }] },
          hookExecutors: [new FixedHookExecutor(2, 'read-only task')]
        }
      }
    )
    const result = await session.run('Look around')
    const toolResults = session.getMessages().filter((message) => message.role === 'tool').map((message) => message.content)
    expect(toolResults).toEqual([expect.stringContaining('alpha'), expect.stringContaining('Permission denied for Bash'), expect.stringContaining('Blocked by a PreToolUse hook: read-only task')])
    expect(result.toolsExecuted).toEqual(['Read'])
    expect(await sandbox.readFile('/workspace/a.txt')).toBe('alpha')
  })

  it('stops a prompt a UserPromptSubmit hook blocks, recording the hook in the log', async () => {
    const executor = new FixedHookExecutor(2, 'no secrets in prompts')
    const { session, provider, events } = makeSession([{ text: 'never' }], {
      permissions: { mode: 'bypassPermissions', hooks: { UserPromptSubmit: [{ hooks: [{ type: 'prompt', prompt: 'check' }] }] }, hookExecutors: [executor] }
    })
    const result = await session.run('my password is hunter2', { rawInput: '/secret' })
    expect(result.blockedReason).toBe('no secrets in prompts')
    expect(result.response).toContain('blocked by a UserPromptSubmit hook')
    expect(provider.calls).toHaveLength(0)
    expect(session.getMessages()).toEqual([])
    expect(executor.inputs[0]).toMatchObject({ hook_event_name: 'UserPromptSubmit', prompt: '/secret' })
    expect(events).toEqual([expect.objectContaining({ seq: 0, type: 'hook_result', data: expect.objectContaining({ event: 'UserPromptSubmit', blocked: true }) })])
  })

  it('refuses an empty prompt before any UserPromptSubmit hook runs or anything is sent', async () => {
    const executor = new FixedHookExecutor(0)
    const { session, provider, events } = makeSession([{ text: 'never' }], {
      permissions: { mode: 'bypassPermissions', hooks: { UserPromptSubmit: [{ hooks: [{ type: 'prompt', prompt: 'check' }] }] }, hookExecutors: [executor] }
    })
    await expect(session.run(' \n ')).rejects.toThrow(ValidationError)
    await expect(session.run('')).rejects.toThrow('run(input): the prompt is empty.')
    expect(executor.inputs).toEqual([])
    expect(provider.calls).toHaveLength(0)
    expect(events).toEqual([])
  })

  it('runs Stop hooks after a prompt, continuing the seq across the rebuilt agent', async () => {
    const executor = new FixedHookExecutor(0)
    const { session, events } = makeSession([{ text: 'one' }, { text: 'two' }], {
      permissions: { mode: 'bypassPermissions', hooks: { Stop: [{ hooks: [{ type: 'prompt', prompt: 'log' }] }] }, hookExecutors: [executor] }
    })
    await session.run('first')
    await session.run('second')
    expect(executor.inputs.map((input) => input.response)).toEqual(['one', 'two'])
    expect(events.filter((event) => event.type === 'hook_result')).toHaveLength(2)
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index))
    expect(rebuildHistory(events).map((message) => message.content)).toEqual(['first', 'one', 'second', 'two'])
  })

  it('counts the usage of a reply that never matched the output schema and runs Stop hooks before rejecting', async () => {
    const executor = new FixedHookExecutor(0)
    const { session } = makeSession(
      [
        { text: '{"city":"Seoul"}', metadata: { inputTokens: 10, outputTokens: 4 } },
        { text: 'not json at all', metadata: { inputTokens: 30, outputTokens: 5 } }
      ],
      { permissions: { mode: 'bypassPermissions', hooks: { Stop: [{ hooks: [{ type: 'prompt', prompt: 'log' }] }] }, hookExecutors: [executor] } }
    )
    const failure = await session.run('Weather?', { output: z.object({ city: z.string(), celsius: z.number() }) }).catch((error: unknown) => error)
    expect(isRobotaError(failure) && failure.code).toBe('STRUCTURED_OUTPUT_INVALID')
    expect(session.getUsage()).toMatchObject({ inputTokens: 40, outputTokens: 9 })
    expect(executor.inputs.map((input) => [input.hook_event_name, input.response])).toEqual([['Stop', 'not json at all']])
    expect(session.isRunning()).toBe(false)
  })

  it('clears the history and switches the model for the next prompt', async () => {
    const { session, provider, events } = makeSession([{ text: 'one' }, { text: 'two' }])
    await session.run('first')
    await session.clearHistory()
    expect(session.getMessages()).toEqual([])
    session.setModel('claude-haiku-4-5')
    await session.run('second')
    expect(provider.calls[1]?.options.model).toBe('claude-haiku-4-5')
    expect(provider.calls[1]?.messages.map((message) => message.content)).toEqual(['You help.', 'second'])
    expect(rebuildHistory(events).map((message) => message.content)).toEqual(['second', 'two'])
  })

  it('aborts a running prompt, keeps the partial answer, and refuses overlapping work', async () => {
    const provider = new ScriptedProvider([{ text: ['Partial', ' rest', ' more'] }], { deltaDelayMs: 15 })
    const session = new Session({ provider, model: 'm' })
    const running = session.run('long task', { onTextDelta: () => session.abort() })
    await expect(session.run('again')).rejects.toThrow(/already running/)
    await expect(session.compact()).rejects.toThrow(/Cannot compact while a prompt runs/)
    const result = await running
    expect(result.interrupted).toBe(true)
    expect(session.getMessages().at(-1)).toMatchObject({ role: 'assistant', state: 'interrupted', content: 'Partial' })
    expect(session.isRunning()).toBe(false)
  })

  it('records a parent link as the first event of a child session', async () => {
    const { session, events } = makeSession([{ text: 'done' }])
    await session.recordParentLink({ parentSessionId: 'parent', parentToolCallId: 'call_1', agentType: 'Explore', description: 'look' })
    await session.run('task')
    expect(events[0]).toMatchObject({ seq: 0, type: 'session_link', sessionId: session.sessionId, data: { parentSessionId: 'parent', parentToolCallId: 'call_1' } })
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index))
  })
})
