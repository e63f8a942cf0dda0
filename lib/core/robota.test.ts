import { describe, expect, it } from 'vitest'
import { ScriptedProvider } from '../testing/scripted-provider.ts'
import { ConfigurationError, ValidationError } from './errors.ts'
import type { TExecutionEventEnvelope } from './execution-events.ts'
import { MAX_ROUNDS_FALLBACK } from './execution/force-final-answer.ts'
import { INTERRUPTED_SUFFIX, type TUniversalMessage } from './messages.ts'
import { Robota, type IAgentConfig } from './robota.ts'
import type { ITool } from './tool.ts'

function echoTool(calls: Array<Record<string, unknown>> = []): ITool {
  return {
    schema: {
      name: 'echo',
      description: 'Echoes its text',
      parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] }
    },
    async execute(parameters) {
      calls.push(parameters)
      return { success: true, data: { echoed: parameters.text } }
    }
  }
}

function makeAgent(provider: ScriptedProvider, tools: ITool[] = [], extra: { maxExecutionRounds?: number } = {}) {
  return new Robota({
    name: 'test',
    aiProviders: [provider],
    defaultModel: { provider: provider.name, model: 'scripted-model' },
    systemMessage: 'You are helpful.',
    tools,
    ...extra
  })
}

function rebuildHistory(events: TExecutionEventEnvelope[]): TUniversalMessage[] {
  const history: TUniversalMessage[] = []
  for (const event of events) if (event.type === 'history_mutation') history[event.data.index] = event.data.message
  return history
}

describe('Robota.run', () => {
  it('streams a text-only answer and commits user and assistant messages', async () => {
    const provider = new ScriptedProvider([{ text: ['Hel', 'lo ', 'there.'] }])
    const deltas: string[] = []
    const result = await makeAgent(provider).run('Hi', { onTextDelta: (delta) => deltas.push(delta) })

    expect(result.response).toBe('Hello there.')
    expect(deltas).toEqual(['Hel', 'lo ', 'there.'])
    expect(result.interrupted).toBeUndefined()
    expect(result.history.map((message) => [message.role, message.content])).toEqual([
      ['user', 'Hi'],
      ['assistant', 'Hello there.']
    ])
    expect(provider.calls[0]?.messages[0]).toMatchObject({ role: 'system', content: 'You are helpful.' })
  })

  it('runs one tool round and feeds the result back to the provider', async () => {
    const provider = new ScriptedProvider([
      { text: 'Let me echo.', toolCalls: [{ id: 'toolu_1', name: 'echo', arguments: { text: 'ping' } }] },
      { text: 'It said ping.' }
    ])
    const calls: Array<Record<string, unknown>> = []
    const deltas: string[] = []
    const result = await makeAgent(provider, [echoTool(calls)]).run('Echo ping', {
      onTextDelta: (delta) => deltas.push(delta)
    })

    expect(calls).toEqual([{ text: 'ping' }])
    expect(result.toolsExecuted).toEqual(['echo'])
    expect(result.response).toBe('It said ping.')
    expect(deltas.join('')).toBe('Let me echo.\n\nIt said ping.')
    const toolMessage = result.history[2]
    expect(toolMessage).toMatchObject({ role: 'tool', toolCallId: 'toolu_1', toolName: 'echo' })
    expect(JSON.parse(toolMessage?.content ?? '')).toEqual({ echoed: 'ping' })
    expect(provider.calls[1]?.messages.at(-1)).toMatchObject({ role: 'tool', toolCallId: 'toolu_1' })
    expect(provider.calls[0]?.options.tools?.map((tool) => tool.name)).toEqual(['echo'])
  })

  it('keeps partial text as an interrupted message when aborted mid-stream, and returns normally', async () => {
    const controller = new AbortController()
    const provider = new ScriptedProvider([
      { text: ['Partial ', 'answer ', 'never sent'], toolCalls: [{ name: 'echo', arguments: { text: 'x' } }] }
    ])
    const calls: Array<Record<string, unknown>> = []
    const result = await makeAgent(provider, [echoTool(calls)]).run('Go', {
      signal: controller.signal,
      onTextDelta: (delta) => {
        if (delta === 'answer ') controller.abort()
      }
    })

    expect(result.interrupted).toBe(true)
    expect(result.response).toBe('Partial answer ')
    expect(calls).toEqual([])
    const assistant = result.history.at(-1)
    expect(assistant).toMatchObject({ role: 'assistant', state: 'interrupted', content: 'Partial answer ' })
  })

  it('marks interrupted text for the model on the next run', async () => {
    const controller = new AbortController()
    const provider = new ScriptedProvider([{ text: ['One ', 'two'] }, { text: 'Resumed.' }])
    const agent = makeAgent(provider)
    await agent.run('First', { signal: controller.signal, onTextDelta: () => controller.abort() })
    await agent.run('Second')

    const sent = provider.calls[1]?.messages.find((message) => message.role === 'assistant')
    expect(sent?.content).toBe(`One ${INTERRUPTED_SUFFIX}`)
    expect(agent.getHistory()[1]?.content).toBe('One ')
  })

  it('stops before the first call when already aborted', async () => {
    const provider = new ScriptedProvider([{ text: 'unused' }])
    const controller = new AbortController()
    controller.abort()
    const result = await makeAgent(provider).run('Hi', { signal: controller.signal })
    expect(result.interrupted).toBe(true)
    expect(provider.calls).toHaveLength(0)
    expect(result.history.map((message) => message.role)).toEqual(['user'])
  })

  it('emits replay envelopes with rising seq whose history mutations rebuild the history', async () => {
    const provider = new ScriptedProvider([
      { text: ['a', 'b'], toolCalls: [{ name: 'echo', arguments: { text: 'y' } }] },
      { text: 'done' }
    ])
    const agent = makeAgent(provider, [echoTool()])
    const events: TExecutionEventEnvelope[] = []
    const first = await agent.run('one', { onExecutionEvent: (event) => events.push(event) })
    await agent.run('two', { onExecutionEvent: (event) => events.push(event) }).catch(() => undefined)

    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index))
    expect(new Set(events.map((event) => event.sessionId))).toEqual(new Set([agent.sessionId]))
    const firstRun = events.filter((event) => event.executionId === events[0]?.executionId)
    expect(firstRun.map((event) => event.type)).toEqual([
      'history_mutation',
      'provider_request',
      'provider_stream_raw_delta',
      'provider_stream_raw_delta',
      'provider_response_raw',
      'provider_response_normalized',
      'history_mutation',
      'assistant_message_committed',
      'tool_batch_started',
      'tool_execution_request',
      'tool_execution_result',
      'history_mutation',
      'tool_message_committed',
      'provider_request',
      'provider_stream_raw_delta',
      'provider_response_raw',
      'provider_response_normalized',
      'history_mutation',
      'assistant_message_committed'
    ])
    expect(firstRun.find((event) => event.type === 'provider_request')?.round).toBe(1)
    expect(rebuildHistory(firstRun)).toEqual(first.history)
    expect(rebuildHistory(events)).toEqual(agent.getHistory())
    expect(JSON.parse(JSON.stringify(events))).toEqual(events)
  })

  it('records a call to an unregistered tool as not executed', async () => {
    const provider = new ScriptedProvider([
      { toolCalls: [{ id: 'c1', name: 'missing', arguments: {} }] },
      { text: 'Sorry.' }
    ])
    const events: TExecutionEventEnvelope[] = []
    const result = await makeAgent(provider, [echoTool()]).run('x', { onExecutionEvent: (event) => events.push(event) })
    expect(result.toolsExecuted).toEqual([])
    expect(result.history[2]?.content).toMatch(/not executed because it is not registered/)
    const toolResult = events.find((event) => event.type === 'tool_execution_result')
    expect(toolResult?.data).toMatchObject({ success: false, metadata: { errorCode: 'unknown_tool', requestedTool: 'missing' } })
  })

  it('turns a throwing tool into an error result the model sees', async () => {
    const failing: ITool = {
      schema: { name: 'fail', description: 'Fails', parameters: { type: 'object', properties: {} } },
      async execute() {
        throw new Error('disk on fire')
      }
    }
    const provider = new ScriptedProvider([{ toolCalls: [{ name: 'fail', arguments: {} }] }, { text: 'ok' }])
    const result = await makeAgent(provider, [failing]).run('x')
    expect(result.history[2]?.content).toBe('Error: disk on fire')
    expect(result.response).toBe('ok')
  })

  it('turns a provider failure into a readable assistant message instead of throwing', async () => {
    const provider = new ScriptedProvider([{ error: new Error('529 overloaded') }])
    const result = await makeAgent(provider).run('x')
    expect(result.response).toBe('Error: the model provider failed: 529 overloaded')
    expect(result.history.at(-1)).toMatchObject({ role: 'assistant', metadata: { error: true } })
  })

  it('caps rounds and forces a final answer without tools, keeping the synthetic request out of history', async () => {
    const provider = new ScriptedProvider([
      { toolCalls: [{ name: 'echo', arguments: { text: '1' } }] },
      { toolCalls: [{ name: 'echo', arguments: { text: '2' } }] },
      { text: 'Summary so far.' }
    ])
    const result = await makeAgent(provider, [echoTool()]).run('loop', { maxExecutionRounds: 2 })
    expect(result.response).toBe('Summary so far.')
    expect(provider.calls[2]?.options.tools).toBeUndefined()
    expect(provider.calls[2]?.messages.at(-1)?.role).toBe('user')
    expect(result.history.filter((message) => message.role === 'user')).toHaveLength(1)
    expect(result.history.at(-1)).toMatchObject({ role: 'assistant', content: 'Summary so far.' })
  })

  it('falls back to a fixed answer when the forced summary fails', async () => {
    const provider = new ScriptedProvider([{ toolCalls: [{ name: 'echo', arguments: { text: '1' } }] }])
    const result = await makeAgent(provider, [echoTool()], { maxExecutionRounds: 1 }).run('loop')
    expect(result.response).toBe(MAX_ROUNDS_FALLBACK)
  })

  it('rejects bad configuration and concurrent runs with clear errors', async () => {
    const provider = new ScriptedProvider([{ text: ['slow'] }], { deltaDelayMs: 5 })
    expect(() => makeAgent(provider, [], { maxExecutionRounds: -1 })).toThrow(/maxExecutionRounds/)
    expect(
      () => new Robota({ name: 'x', aiProviders: [provider], defaultModel: { provider: 'nope', model: 'm' } })
    ).toThrow(/"nope" is not among aiProviders \(scripted\)/)
    // What a caller without types can pass: each is named, none surfaces as a TypeError.
    const build = (config: unknown) => () => new Robota(config as IAgentConfig)
    expect(build(undefined)).toThrow('new Robota(config): config must be an object with name, aiProviders and defaultModel.')
    expect(build({})).toThrow('Robota needs at least one provider in aiProviders.')
    expect(build({ name: 'x', aiProviders: provider })).toThrow('aiProviders must be an array of providers; got object.')
    expect(build({ name: 'x', aiProviders: [provider] })).toThrow('defaultModel must be { provider, model }, the provider one of aiProviders (scripted); got undefined.')
    const valid = { name: 'x', aiProviders: [provider], defaultModel: { provider: 'scripted', model: 'm' } }
    expect(build({ ...valid, tools: echoTool() })).toThrow('tools must be an array of tools; got object.')
    expect(build({ ...valid, tools: [echoTool(), { name: 'loose' }] })).toThrow('Robota config: tools[1] is not a tool: expected { schema, execute }, as createZodFunctionTool builds; got object.')
    expect(build({ ...valid, tools: [{ ...echoTool(), schema: null }] })).toThrow('tools[0] is not a tool')
    expect(build({ ...valid, tools: [{ ...echoTool(), schema: { ...echoTool().schema, name: 'echo.v2' } }] })).toThrow('Tool name "echo.v2" must be 1–64 letters, digits, "_" or "-".')
    expect(build({ ...valid, tools: [echoTool(), echoTool()] })).toThrow('Two tools are named "echo".')
    expect(build({ ...valid, systemPrompt: 'Be brief.' })).toThrow('new Robota(config): unknown option "systemPrompt" (the system prompt is `systemMessage`); it takes name, aiProviders,')
    expect(build({ ...valid, temprature: 0.2, tool: [] })).toThrow('new Robota(config): unknown option "temprature", "tool"; it takes')
    const agent = makeAgent(provider)
    const running = agent.run('a')
    await expect(agent.run('b')).rejects.toThrow(/already running/)
    await running
  })

  it('refuses a run option it does not read, before anything is sent, naming the one meant', async () => {
    const provider = new ScriptedProvider([{ text: 'never' }])
    const agent = makeAgent(provider)
    const run = agent.run('Hello', { onDelta: () => undefined } as never)
    await expect(run).rejects.toThrow(ConfigurationError)
    await expect(run).rejects.toThrow('run(input, options): unknown option "onDelta" (the text streams to `onTextDelta`); it takes signal, onTextDelta,')
    expect(provider.calls).toHaveLength(0)
    expect(agent.getHistory()).toEqual([])
  })

  it('refuses a prompt that is no string with a ValidationError saying so', async () => {
    await expect(makeAgent(new ScriptedProvider([{ text: 'never' }])).run(42 as never)).rejects.toThrow('run(input): the prompt must be a string; got number.')
  })

  it.each([[''], ['   '], ['\n\t']])('refuses the empty prompt %j with a ValidationError before anything is sent or committed', async (input) => {
    const provider = new ScriptedProvider([{ text: 'never' }])
    const agent = makeAgent(provider)
    const run = agent.run(input)
    await expect(run).rejects.toThrow(ValidationError)
    await expect(run).rejects.toThrow('run(input): the prompt is empty.')
    expect(provider.calls).toHaveLength(0)
    expect(agent.getHistory()).toEqual([])
    expect((await agent.run(' hi ')).response).toBe('never')
  })

  it('sums usage metadata over the rounds of a run', async () => {
    const provider = new ScriptedProvider([
      { toolCalls: [{ name: 'echo', arguments: { text: '1' } }], metadata: { inputTokens: 10, outputTokens: 3 } },
      { text: 'done', metadata: { inputTokens: 20, outputTokens: 4 } }
    ])
    const result = await makeAgent(provider, [echoTool()]).run('x')
    expect(result.usage).toEqual({ inputTokens: 30, outputTokens: 7, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 })
  })
})
