import { describe, expect, it } from 'vitest'
import { ScriptedProvider, type TScriptedStepSource } from '../testing/scripted-provider.ts'
import type { TExecutionEventEnvelope } from './execution-events.ts'
import { CONTEXT_SKIPPED_TOOL_RESULT } from './execution/context-guard.ts'
import { TOOL_INTERRUPTED_MESSAGE } from './execution/execute-tool-calls.ts'
import { MAX_ROUNDS_FALLBACK } from './execution/force-final-answer.ts'
import type { TUniversalMessage } from './messages.ts'
import { Robota, type IAgentConfig, type IRunOptions } from './robota.ts'
import type { ITool } from './tool.ts'

function tool(name: string, run: (parameters: Record<string, unknown>) => Promise<unknown> | unknown = () => 'ok'): ITool {
  return {
    schema: { name, description: name, parameters: { type: 'object', properties: {} } },
    async execute(parameters) {
      return { success: true, data: await run(parameters) }
    }
  }
}

function agentWith(steps: TScriptedStepSource[], config: Partial<IAgentConfig> = {}, deltaDelayMs = 0) {
  const provider = new ScriptedProvider(steps, { deltaDelayMs })
  const agent = new Robota({
    name: 'guarded',
    aiProviders: [provider],
    defaultModel: { provider: 'scripted', model: 'scripted-model' },
    ...config
  })
  return { agent, provider }
}

async function runRecorded(agent: Robota, input: string, options: IRunOptions = {}) {
  const events: TExecutionEventEnvelope[] = []
  const result = await agent.run(input, { ...options, onExecutionEvent: (event) => events.push(event) })
  return { result, events }
}

function rebuild(events: TExecutionEventEnvelope[]): TUniversalMessage[] {
  const history: TUniversalMessage[] = []
  for (const event of events) if (event.type === 'history_mutation') history[event.data.index] = event.data.message
  return history
}

describe('replay invariant', () => {
  it.each([
    { path: 'normal', steps: [{ toolCalls: [{ name: 'noop', arguments: {} }] }, { text: 'done' }], abortAt: undefined },
    { path: 'aborted', steps: [{ text: ['a', 'b', 'c'] }], abortAt: 'b' },
    { path: 'failed', steps: [{ error: new Error('boom') }], abortAt: undefined },
    { path: 'forced summary', steps: [{ toolCalls: [{ name: 'noop', arguments: {} }] }, { text: 'summary' }], abortAt: undefined, rounds: 1 }
  ])('history_mutation events rebuild the history on the $path path', async ({ steps, abortAt, rounds }) => {
    const controller = new AbortController()
    const { agent } = agentWith(steps, { tools: [tool('noop')], ...(rounds ? { maxExecutionRounds: rounds } : {}) })
    const { result, events } = await runRecorded(agent, 'go', {
      signal: controller.signal,
      onTextDelta: (delta) => {
        if (delta === abortAt) controller.abort()
      }
    })
    expect(rebuild(events)).toEqual(result.history)
    expect(result.history.length).toBeGreaterThan(1)
  })
})

describe('loop guards', () => {
  it('keeps provider tool call ids verbatim even when reused across rounds', async () => {
    const { agent } = agentWith(
      [
        { toolCalls: [{ id: 'call_0', name: 'noop', arguments: {} }] },
        { toolCalls: [{ id: 'call_0', name: 'noop', arguments: {} }] },
        { text: 'done' }
      ],
      { tools: [tool('noop')] }
    )
    const { result } = await runRecorded(agent, 'go')
    const ids = result.history.flatMap((message) => (message.role === 'tool' ? [message.toolCallId] : []))
    expect(ids).toEqual(['call_0', 'call_0'])
    expect(result.toolsExecuted).toEqual(['noop', 'noop'])
  })

  it('stops repeated unknown tool calls with one final call without tools that names them', async () => {
    const { agent, provider } = agentWith(
      [
        { toolCalls: [{ name: 'agent', arguments: {} }] },
        { toolCalls: [{ name: 'agent', arguments: {} }] },
        { text: 'I cannot do that here.' }
      ],
      { tools: [tool('noop')] }
    )
    const { result } = await runRecorded(agent, 'go')
    expect(provider.calls).toHaveLength(3)
    expect(provider.calls[2]?.options.tools).toBeUndefined()
    expect(provider.calls[2]?.messages.at(-1)?.content).toMatch(/"agent" are not available: those calls were not executed because they are not registered/)
    expect(result.response).toBe('I cannot do that here.')
    expect(result.toolsExecuted).toEqual([])
    expect(result.history.filter((message) => message.role === 'user')).toHaveLength(1)
  })

  it('lets a run option beat the config round cap, and 0 mean no cap', async () => {
    const steps = Array.from({ length: 12 }, () => ({ toolCalls: [{ name: 'noop', arguments: {} }] }))
    const { agent, provider } = agentWith([...steps, { text: 'finally' }], { tools: [tool('noop')], maxExecutionRounds: 2 })
    const { result } = await runRecorded(agent, 'go', { maxExecutionRounds: 0 })
    expect(result.response).toBe('finally')
    expect(provider.calls).toHaveLength(13)
  })

  it('returns the fallback when the forced summary throws', async () => {
    const { agent } = agentWith([{ toolCalls: [{ name: 'noop', arguments: {} }] }, { error: new Error('down') }], {
      tools: [tool('noop')],
      maxExecutionRounds: 1
    })
    expect((await runRecorded(agent, 'go')).result.response).toBe(MAX_ROUNDS_FALLBACK)
  })

  it('fails a call that goes quiet past the idle timeout, keeping the partial text', async () => {
    const { agent } = agentWith([{ text: ['started ', 'late'] }], { timeout: 20 }, 60)
    const { result } = await runRecorded(agent, 'go')
    expect(result.interrupted).toBeUndefined()
    expect(result.response).toMatch(/Error: the model provider failed: The provider sent nothing for 20 ms/)
    expect(result.history.at(-1)).toMatchObject({ role: 'assistant', metadata: { error: true } })
  })

  it('resets the idle timeout on every delta', async () => {
    const { agent } = agentWith([{ text: ['a', 'b', 'c', 'd'] }], { timeout: 40 }, 15)
    expect((await runRecorded(agent, 'go')).result.response).toBe('abcd')
  })

  it('does not send a prompt past 95% of the context window, and says why with the numbers', async () => {
    const { agent, provider } = agentWith([{ text: 'never' }], { contextWindow: 1000 })
    const { result } = await runRecorded(agent, 'x'.repeat(4000))
    expect(provider.calls).toHaveLength(0)
    expect(result.response).toMatch(/about \d+ tokens of a 1000-token context window \(limit 950, 95%\)/)
    expect(result.history.at(-1)).toMatchObject({ metadata: { contextGuard: true, maxTokens: 1000, thresholdTokens: 950 } })
  })

  it('skips the rest of a batch once results near 80% of the window, and lets the model answer', async () => {
    const big = () => 'r'.repeat(2500)
    const { agent, provider } = agentWith(
      [{ toolCalls: [{ name: 'big', arguments: {} }, { name: 'big', arguments: {} }, { name: 'big', arguments: {} }] }, { text: 'partial answer' }],
      { tools: [tool('big', big)], contextWindow: 1500 }
    )
    const { result } = await runRecorded(agent, 'go')
    const toolContents = result.history.flatMap((message) => (message.role === 'tool' ? [message.content] : []))
    expect(toolContents[0]).toContain('rrrr')
    expect(toolContents.slice(1)).toEqual([CONTEXT_SKIPPED_TOOL_RESULT, CONTEXT_SKIPPED_TOOL_RESULT])
    expect(provider.calls).toHaveLength(2)
    expect(result.response).toBe('partial answer')
  })

  it('records queued tools as interrupted when aborted mid-batch', async () => {
    const controller = new AbortController()
    const ran: string[] = []
    const { agent } = agentWith(
      [{ toolCalls: [{ name: 'first', arguments: {} }, { name: 'second', arguments: {} }] }],
      {
        tools: [
          tool('first', () => {
            ran.push('first')
            controller.abort()
            return 'ran'
          }),
          tool('second', () => ran.push('second'))
        ]
      }
    )
    const { result } = await runRecorded(agent, 'go', { signal: controller.signal })
    expect(ran).toEqual(['first'])
    expect(result.interrupted).toBe(true)
    expect(result.history.filter((message) => message.role === 'tool').map((message) => message.content)).toEqual([
      'ran',
      `Error: ${TOOL_INTERRUPTED_MESSAGE}`
    ])
    // The call that answered before the stop is complete; the one the stop skipped is marked.
    expect(result.history.filter((message) => message.role === 'tool').map((message) => message.state)).toEqual(['complete', 'interrupted'])
    expect(result.toolsExecuted).toEqual(['first'])
  })

  it('marks a call the stop cut short interrupted, and a call that failed on its own complete', async () => {
    const controller = new AbortController()
    const failing: ITool = {
      schema: { name: 'failing', description: 'fails by itself', parameters: { type: 'object', properties: {} } },
      execute: async () => ({ success: false, error: 'disk full' })
    }
    const cutShort: ITool = {
      schema: { name: 'cut_short', description: 'stops when the run does', parameters: { type: 'object', properties: {} } },
      execute: async () => {
        controller.abort()
        return { success: false, error: 'Command was interrupted (exit code 130)' }
      }
    }
    const { agent } = agentWith([{ toolCalls: [{ name: 'failing', arguments: {} }, { name: 'cut_short', arguments: {} }] }], { tools: [failing, cutShort] })
    const { result } = await runRecorded(agent, 'go', { signal: controller.signal })
    const toolMessages = result.history.filter((message) => message.role === 'tool')
    expect(toolMessages.map((message) => [message.toolName, message.state])).toEqual([
      ['failing', 'complete'],
      ['cut_short', 'interrupted']
    ])
  })

  it('stops waiting for a tool that ignores the abort, records it interrupted, and drops what it emits afterwards', async () => {
    const controller = new AbortController()
    let emitLate: (() => void) | undefined
    const stuck: ITool = {
      schema: { name: 'stuck', description: 'never returns', parameters: { type: 'object', properties: {} } },
      execute: (_parameters, context) => {
        emitLate = () => context?.emitEvent?.('hook_result', { event: 'late', hookType: 'command', matcher: '*', outcome: 'allow' } as never)
        controller.abort()
        return new Promise(() => undefined)
      }
    }
    const { agent } = agentWith([{ toolCalls: [{ name: 'stuck', arguments: {} }] }], { tools: [stuck] })
    const { result, events } = await runRecorded(agent, 'go', { signal: controller.signal })
    expect(result.interrupted).toBe(true)
    const toolMessage = result.history.find((message) => message.role === 'tool')
    expect(toolMessage?.content).toBe(`Error: ${TOOL_INTERRUPTED_MESSAGE}; the tool did not stop, so its result is not kept.`)
    expect(toolMessage?.state).toBe('interrupted')
    expect(result.toolsExecuted).toEqual([])
    const recorded = events.length
    emitLate?.()
    expect(events).toHaveLength(recorded)
    expect(rebuild(events)).toEqual(result.history)
  })

  it('runs a parallel batch at once when asked per run', async () => {
    let active = 0
    let peak = 0
    const slow = tool('slow', async () => {
      active++
      peak = Math.max(peak, active)
      await new Promise((resolve) => setTimeout(resolve, 10))
      active--
      return 'done'
    })
    const calls = Array.from({ length: 3 }, () => ({ name: 'slow', arguments: {} }))
    const { agent } = agentWith([{ toolCalls: calls }, { text: 'ok' }], { tools: [slow] })
    const { events } = await runRecorded(agent, 'go', { toolExecution: { mode: 'parallel', maxConcurrency: 2 } })
    expect(peak).toBe(2)
    expect(events.find((event) => event.type === 'tool_batch_started')?.data).toMatchObject({ mode: 'parallel', maxConcurrency: 2, requestCount: 3 })
  })
})
