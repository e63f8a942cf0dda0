import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import type { TToolExecutionOptions } from '../core/execution/execution-context.ts'
import type { IAIProvider } from '../core/provider.ts'
import { Robota } from '../core/robota.ts'
import { startFakeLlmServer, type TFakeLlmServer } from '../testing/fake-llm-server.ts'
import { argumentsText, splitInTwo, type TFakeLlmTurn } from '../testing/fake-llm/fake-llm-script.ts'
import { renderTurnEvents, type TFakeLlmWireFormat } from '../testing/fake-llm/wire-formats.ts'
import { ScriptedProvider, type TScriptedStep } from '../testing/scripted-provider.ts'
import { describeHistoryProblems, rebuildHistoryFromEvents } from '../testing/suite-totals-history-checks.ts'
import { recordSuiteTotal } from '../testing/suite-totals.ts'
import { createBashTool } from '../tools/builtins/bash-tool.ts'
import { AnthropicProvider } from './anthropic/anthropic-provider.ts'
import { OpenAIProvider } from './openai/openai-provider.ts'

// Aborts at every point of a run, through each provider surface (and the scripted provider):
// run() returns `interrupted`, every tool call in history has a result, the events rebuild the
// history, the sandbox still runs commands, and the agent runs its next prompt.

const SUITE = 'provider aborts'
const MODEL = 'test-model'
const API_KEY = 'sk-abort-suite-key-0123456789'

type TPhase = 'before the request' | 'mid-stream' | 'mid-tool-arguments' | 'mid-tool-batch (sequential)' | 'mid-tool-batch (parallel)'
const PHASES: TPhase[] = ['before the request', 'mid-stream', 'mid-tool-arguments', 'mid-tool-batch (sequential)', 'mid-tool-batch (parallel)']

const TEXT = ['Part one, ', 'part two, ', 'part three.']
const SLOW_CALL = { name: 'Bash', arguments: { command: 'sleep 20; echo late > late.txt' } }
const BATCH_CALLS = [
  { name: 'Bash', arguments: { command: 'echo first > first.txt' } },
  SLOW_CALL,
  { name: 'Bash', arguments: { command: 'echo third > third.txt' } }
]
const [FIRST_ARGUMENT_PIECE = '', SECOND_ARGUMENT_PIECE = ''] = splitInTwo(argumentsText(SLOW_CALL))

type TSurface = {
  label: string
  /** False for the scripted provider, whose tool calls arrive whole, after the text. */
  streamsToolArguments: boolean
  create: (script: TPhaseScript) => Promise<{ provider: IAIProvider; requestCount: () => number }>
}

/** The model turn a phase needs, as a wire-format turn; the scripted provider gets the same shape. */
type TPhaseScript = { turn: TFakeLlmTurn; stallAt: (wireFormat: TFakeLlmWireFormat) => number | undefined }

function escapedInJson(fragment: string): string {
  return JSON.stringify(fragment).slice(1, -1)
}

function eventIndexCarrying(wireFormat: TFakeLlmWireFormat, turn: TFakeLlmTurn, fragment: string): number {
  const events = renderTurnEvents(wireFormat, turn, { turnIndex: 0, model: MODEL }, { stream: true })
  return events.findIndex((event) => event.data.includes(escapedInJson(fragment)))
}

function scriptFor(phase: TPhase): TPhaseScript {
  if (phase === 'mid-stream') {
    const turn = { text: TEXT }
    return { turn, stallAt: (wireFormat) => eventIndexCarrying(wireFormat, turn, TEXT[1] ?? '') }
  }
  if (phase === 'mid-tool-arguments') {
    const turn = { text: 'Running.', toolCalls: [SLOW_CALL] }
    return { turn, stallAt: (wireFormat) => eventIndexCarrying(wireFormat, turn, SECOND_ARGUMENT_PIECE) }
  }
  if (phase === 'before the request') return { turn: { text: TEXT }, stallAt: () => undefined }
  return { turn: { text: 'Running three commands.', toolCalls: BATCH_CALLS }, stallAt: () => undefined }
}

const servers: TFakeLlmServer[] = []

async function fakeServerSurface(wireFormat: TFakeLlmWireFormat, build: (server: TFakeLlmServer) => IAIProvider, script: TPhaseScript) {
  const stallAt = script.stallAt(wireFormat)
  const turn: TFakeLlmTurn = stallAt === undefined ? script.turn : { ...script.turn, fault: { kind: 'stall', afterEvents: stallAt } }
  const server = await startFakeLlmServer({ turns: [turn, { text: 'Next answer.' }], apiKey: API_KEY })
  servers.push(server)
  return { provider: build(server), requestCount: () => server.requests.length }
}

const SURFACES: TSurface[] = [
  {
    label: 'Anthropic Messages',
    streamsToolArguments: true,
    create: (script) => fakeServerSurface('anthropic-messages', (server) => new AnthropicProvider({ apiKey: API_KEY, baseURL: server.url, maxRetries: 0 }), script)
  },
  {
    label: 'OpenAI Responses',
    streamsToolArguments: true,
    create: (script) =>
      fakeServerSurface(
        'responses',
        (server) => new OpenAIProvider({ apiKey: API_KEY, baseURL: server.openaiBaseURL, apiSurface: 'responses', maxRetries: 0 }),
        script
      )
  },
  {
    label: 'OpenAI Chat Completions',
    streamsToolArguments: true,
    create: (script) =>
      fakeServerSurface(
        'chat-completions',
        (server) => new OpenAIProvider({ apiKey: API_KEY, baseURL: server.openaiBaseURL, apiSurface: 'chat-completions', maxRetries: 0 }),
        script
      )
  },
  {
    label: 'ScriptedProvider',
    streamsToolArguments: false,
    create: async (script) => {
      const step: TScriptedStep = {
        ...(script.turn.text === undefined ? {} : { text: script.turn.text }),
        ...(script.turn.toolCalls ? { toolCalls: script.turn.toolCalls.map((call) => ({ name: call.name, arguments: call.arguments as Record<string, unknown> })) } : {})
      }
      // A slow stream stands in for a stall; tool arguments arrive whole, so that phase aborts before they do.
      const provider = new ScriptedProvider([step, { text: 'Next answer.' }], { deltaDelayMs: 15 })
      return { provider, requestCount: () => provider.calls.length }
    }
  }
]

const unhandled: unknown[] = []
const onUnhandledRejection = (reason: unknown) => void unhandled.push(reason)
beforeAll(() => void process.on('unhandledRejection', onUnhandledRejection))
afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 5))
  expect(unhandled).toEqual([])
})
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  process.off('unhandledRejection', onUnhandledRejection)
})

/** When, during the run, the abort fires: a check on each event, or before the run starts. */
function abortTrigger(phase: TPhase, surface: TSurface, controller: AbortController): (event: TExecutionEventEnvelope) => void {
  const fire = () => controller.abort()
  switch (phase) {
    case 'before the request':
      return () => undefined
    case 'mid-stream':
      return (event) => {
        if (event.type === 'provider_stream_raw_delta') fire()
      }
    case 'mid-tool-arguments':
      return (event) => {
        // The scripted provider has no partial arguments: its text is the last thing before them.
        if (!surface.streamsToolArguments) {
          if (event.type === 'provider_stream_raw_delta' && event.data.delta === 'Running.') fire()
          return
        }
        const payload = event.type === 'provider_native_raw_payload' ? JSON.stringify(event.data.payload) : ''
        if (payload.includes(escapedInJson(FIRST_ARGUMENT_PIECE))) fire()
      }
    default:
      // Once the slow command is running, not merely queued.
      return (event) => {
        if (event.type === 'tool_execution_request' && event.data.index === 1) setTimeout(fire, 30)
      }
  }
}

const CASES = SURFACES.flatMap((surface) => PHASES.map((phase) => ({ surface, phase, label: surface.label })))

describe('aborting a run at every point, on every provider surface', () => {
  it.each(CASES)('$label: abort $phase returns, keeps history valid and the sandbox working', async ({ surface, phase }) => {
    const script = scriptFor(phase)
    const { provider, requestCount } = await surface.create(script)
    const sandbox = new InMemorySandboxClient()
    const toolExecution: TToolExecutionOptions = phase === 'mid-tool-batch (parallel)' ? { mode: 'parallel' } : { mode: 'sequential' }
    const agent = new Robota({
      name: 'abort-suite',
      aiProviders: [provider],
      defaultModel: { provider: provider.name, model: MODEL },
      tools: [createBashTool({ sandbox, cwd: '/workspace' })],
      toolExecution,
      timeout: 5000
    })
    const controller = new AbortController()
    if (phase === 'before the request') controller.abort()
    const events: TExecutionEventEnvelope[] = []
    const trigger = abortTrigger(phase, surface, controller)
    const startedAt = Date.now()

    const result = await agent.run('Do the work.', {
      signal: controller.signal,
      onExecutionEvent: (event) => {
        events.push(event)
        trigger(event)
      }
    })

    expect(result.interrupted).toBe(true)
    expect(Date.now() - startedAt).toBeLessThan(10_000)
    expect(describeHistoryProblems(result.history)).toEqual([])
    expect(rebuildHistoryFromEvents(events)).toEqual(agent.getHistory())
    const tools = result.history.filter((message) => message.role === 'tool')
    if (phase === 'before the request') {
      expect(requestCount()).toBe(0)
      expect(result.history.map((message) => message.role)).toEqual(['user'])
    } else if (phase === 'mid-stream') {
      expect(result.history.at(-1)).toMatchObject({ role: 'assistant', state: 'interrupted' })
      expect(result.history.at(-1)?.content.startsWith('Part one, ')).toBe(true)
      expect(result.history.at(-1)?.content).not.toContain('part three.')
    } else if (phase === 'mid-tool-arguments') {
      const assistant = result.history.find((message) => message.role === 'assistant')
      expect(assistant).toMatchObject({ state: 'interrupted', content: 'Running.' })
      if (!surface.streamsToolArguments) {
        expect(tools).toEqual([])
      } else {
        // The call the model had begun is kept as far as it streamed, and answered as interrupted.
        const calls = assistant?.role === 'assistant' ? (assistant.toolCalls ?? []) : []
        expect(calls).toEqual([{ id: expect.any(String), name: 'Bash', arguments: { invalidJsonArguments: FIRST_ARGUMENT_PIECE } }])
        expect(tools).toMatchObject([{ toolCallId: calls[0]?.id, content: 'Error: Execution interrupted by user' }])
      }
    } else {
      expect(tools.map((message) => message.toolCallId)).toHaveLength(3)
      expect(tools[1]?.content).toMatch(/interrupted/i)
      expect(await sandbox.run('cat late.txt')).toMatchObject({ exitCode: 1 })
      if (phase === 'mid-tool-batch (sequential)') {
        expect(await sandbox.readFile('/workspace/first.txt')).toBe('first\n')
        expect(tools[2]?.content).toBe('Error: Execution interrupted by user')
        expect(await sandbox.run('cat third.txt')).toMatchObject({ exitCode: 1 })
      }
    }

    expect(await sandbox.run('echo alive > alive.txt && cat alive.txt')).toMatchObject({ exitCode: 0, stdout: 'alive\n' })
    // The next prompt goes out with the interrupted history and gets its answer (the unplayed turn, when none was asked for).
    const next = await agent.run('Go on.', { onExecutionEvent: (event) => void events.push(event) })
    expect(next.response).toBe(phase === 'before the request' ? TEXT.join('') : 'Next answer.')
    expect(describeHistoryProblems(next.history)).toEqual([])
    expect(rebuildHistoryFromEvents(events)).toEqual(agent.getHistory())
    recordSuiteTotal(SUITE, 'aborts')
  })
})
