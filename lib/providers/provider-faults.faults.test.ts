import { createServer } from 'node:net'
import * as z from 'zod'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import type { IAIProvider } from '../core/provider.ts'
import { Robota } from '../core/robota.ts'
import { startFakeLlmServer, type TFakeLlmServer } from '../testing/fake-llm-server.ts'
import { argumentsText, splitInTwo, type TFakeLlmTurn } from '../testing/fake-llm/fake-llm-script.ts'
import { renderTurnEvents, type TFakeLlmWireFormat } from '../testing/fake-llm/wire-formats.ts'
import { describeHistoryProblems, rebuildHistoryFromEvents } from '../testing/suite-totals-history-checks.ts'
import { recordSuiteTotal } from '../testing/suite-totals.ts'
import { createZodFunctionTool } from '../tools/function-tool.ts'
import { AnthropicProvider } from './anthropic/anthropic-provider.ts'
import { GoogleProvider } from './google/google-provider.ts'
import { OpenAIProvider } from './openai/openai-provider.ts'

// Every provider surface × every fault × every phase, through the real SDKs against the fake
// server: the turn must end in a clear error that says what to do, leave a history every later
// call can use, and leave no promise rejected unhandled.

const SUITE = 'provider faults'
const MODEL = 'test-model'
const RIGHT_KEY = 'sk-fault-suite-right-key-0123456789'
const WRONG_KEY = 'sk-fault-suite-wrong-key-9876543210'
// Long enough that a healthy round on a busy machine never trips it (the scripted stalls never end).
const IDLE_TIMEOUT_MS = 1_500
// Every other agent gets a timeout no busy machine reaches, so only a scripted stall can trip one.
const GENEROUS_TIMEOUT_MS = 15_000
const PROMPT = 'What is 2 + 3?'

type TEndpoint = { url: string; openaiBaseURL: string }
type TSurface = { label: string; wireFormat: TFakeLlmWireFormat; create: (endpoint: TEndpoint, apiKey: string) => IAIProvider }

const SURFACES: TSurface[] = [
  {
    label: 'Anthropic Messages',
    wireFormat: 'anthropic-messages',
    create: (endpoint, apiKey) => new AnthropicProvider({ apiKey, baseURL: endpoint.url, maxRetries: 0 })
  },
  {
    label: 'OpenAI Responses',
    wireFormat: 'responses',
    create: (endpoint, apiKey) => new OpenAIProvider({ apiKey, baseURL: endpoint.openaiBaseURL, apiSurface: 'responses', maxRetries: 0 })
  },
  {
    label: 'OpenAI Chat Completions',
    wireFormat: 'chat-completions',
    create: (endpoint, apiKey) => new OpenAIProvider({ apiKey, baseURL: endpoint.openaiBaseURL, apiSurface: 'chat-completions', maxRetries: 0 })
  },
  {
    label: 'Google Gemini',
    wireFormat: 'gemini-generate-content',
    create: (endpoint, apiKey) => new GoogleProvider({ apiKey, baseURL: endpoint.url, maxRetries: 0 })
  }
]

type TFault = '429 with retry-after' | '500' | '529' | 'stream cut mid-event' | 'malformed SSE' | 'stall past the idle timeout' | 'wrong key' | 'connection refused'
type TPhase = 'first round' | 'mid-text' | 'mid-tool-arguments' | 'later round'

const FAULTS: TFault[] = ['429 with retry-after', '500', '529', 'stream cut mid-event', 'malformed SSE', 'stall past the idle timeout', 'wrong key', 'connection refused']
const PHASES: TPhase[] = ['first round', 'mid-text', 'mid-tool-arguments', 'later round']

const TEXT_TURN: TFakeLlmTurn = { text: ['Part one, ', 'part two, ', 'part three.'] }
const TOOL_CALL = { name: 'add', arguments: { a: 2, b: 3 } }
const TOOL_TURN: TFakeLlmTurn = { text: 'Adding.', toolCalls: [TOOL_CALL] }
const [FIRST_ARGUMENT_PIECE = '', SECOND_ARGUMENT_PIECE = ''] = splitInTwo(argumentsText(TOOL_CALL))

/** Where a fault strikes inside a phase's turn, and the text seen just before it. */
type TFaultPoint = { turn: TFakeLlmTurn; afterEvents: number; seenBefore: string | undefined }

function escapedInJson(fragment: string): string {
  return JSON.stringify(fragment).slice(1, -1)
}

/** The index of the first event of `turn` on `wireFormat` whose data carries `fragment`. */
function eventIndexCarrying(wireFormat: TFakeLlmWireFormat, turn: TFakeLlmTurn, fragment: string): number {
  const events = renderTurnEvents(wireFormat, turn, { turnIndex: 0, model: MODEL }, { stream: true })
  const index = events.findIndex((event) => event.data.includes(escapedInJson(fragment)))
  if (index < 0) throw new Error(`No ${wireFormat} event carries ${fragment}`)
  return index
}

function faultPoint(wireFormat: TFakeLlmWireFormat, phase: TPhase): TFaultPoint {
  if (phase === 'mid-text') return { turn: TEXT_TURN, afterEvents: eventIndexCarrying(wireFormat, TEXT_TURN, 'part two, '), seenBefore: 'Part one, ' }
  if (phase === 'mid-tool-arguments') {
    // Gemini sends a call whole: its fault strikes between the text and the call.
    if (wireFormat === 'gemini-generate-content') return { turn: TOOL_TURN, afterEvents: eventIndexCarrying(wireFormat, TOOL_TURN, 'functionCall'), seenBefore: 'Adding.' }
    return { turn: TOOL_TURN, afterEvents: eventIndexCarrying(wireFormat, TOOL_TURN, SECOND_ARGUMENT_PIECE), seenBefore: FIRST_ARGUMENT_PIECE }
  }
  return { turn: TEXT_TURN, afterEvents: 0, seenBefore: undefined }
}

const HTTP_STATUS: Partial<Record<TFault, number>> = { '429 with retry-after': 429, '500': 500, '529': 529, 'wrong key': 401 }

/** The turn the fake server plays for the faulted request of a phase. */
function faultedTurn(fault: TFault, phase: TPhase, point: TFaultPoint): TFakeLlmTurn {
  const atRequest = phase === 'first round' || phase === 'later round'
  const status = HTTP_STATUS[fault]
  if (status !== undefined) {
    // Once a stream has started, the APIs report these failures as an error event inside it.
    if (!atRequest) return { ...point.turn, fault: { kind: 'error-event', afterEvents: point.afterEvents, status } }
    if (fault === 'wrong key') return { fault: { kind: 'http-error', status: 401, message: 'Invalid API key.' } }
    return { fault: { kind: 'http-error', status, ...(status === 429 ? { retryAfterSeconds: 7 } : {}) } }
  }
  if (fault === 'stream cut mid-event') return { ...point.turn, fault: { kind: 'cut-stream', afterEvents: point.afterEvents } }
  if (fault === 'malformed SSE') return { ...point.turn, fault: { kind: 'malformed-event', afterEvents: point.afterEvents } }
  // A stall, and for a refused connection mid-stream the stall the test ends by closing the server.
  return { ...point.turn, fault: { kind: 'stall', afterEvents: point.afterEvents } }
}

type TExpectation = { message: RegExp; errorCode: string }

function expectationFor(fault: TFault, phase: TPhase, surface: TSurface): TExpectation {
  const atRequest = phase === 'first round' || phase === 'later round'
  switch (fault) {
    case '429 with retry-after':
      return { message: atRequest ? /rate limit.*Try again in 7 seconds/ : /rate limit.*Try again/, errorCode: 'RATE_LIMIT_ERROR' }
    case '500':
      return { message: /server error.*Try again in a moment/, errorCode: 'PROVIDER_ERROR' }
    case '529':
      return { message: surface.wireFormat === 'anthropic-messages' ? /overloaded.*Try again in a moment/ : /server error.*Try again in a moment/, errorCode: 'PROVIDER_ERROR' }
    case 'stream cut mid-event':
      return { message: /(dropped|ended) before the reply was complete.*Try again/, errorCode: 'NETWORK_ERROR' }
    case 'malformed SSE':
      return { message: /not valid JSON\. Try the request again/, errorCode: 'PROVIDER_ERROR' }
    case 'stall past the idle timeout':
      return { message: new RegExp(`sent nothing for ${IDLE_TIMEOUT_MS} ms.*(try again|Try again)`), errorCode: 'PROVIDER_ERROR' }
    case 'wrong key':
      return { message: /rejected the API key.*Check the key in the provider settings/, errorCode: 'AUTHENTICATION_ERROR' }
    case 'connection refused':
      return atRequest
        ? { message: /Could not reach .*127\.0\.0\.1.*Check the network connection and the provider's base URL, then try again/, errorCode: 'NETWORK_ERROR' }
        : { message: /dropped before the reply was complete.*Try again/, errorCode: 'NETWORK_ERROR' }
  }
}

/** An endpoint on 127.0.0.1 where nothing listens: the port was taken, then released. */
async function closedEndpoint(): Promise<TEndpoint> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  const url = `http://127.0.0.1:${port}`
  return { url, openaiBaseURL: `${url}/v1` }
}

function createAgent(provider: IAIProvider, timeout: number, onToolCall: () => Promise<void>, history?: ReturnType<Robota['getHistory']>) {
  const additions: Array<{ a: number; b: number }> = []
  const add = createZodFunctionTool('add', 'Adds two numbers', z.object({ a: z.number(), b: z.number() }), async ({ a, b }) => {
    additions.push({ a, b })
    await onToolCall()
    return { sum: a + b }
  })
  const agent = new Robota({
    name: 'fault-suite',
    aiProviders: [provider],
    defaultModel: { provider: provider.name, model: MODEL },
    tools: [add],
    timeout,
    ...(history ? { history } : {})
  })
  return { agent, additions }
}

const unhandled: unknown[] = []
const onUnhandledRejection = (reason: unknown) => void unhandled.push(reason)
const servers: TFakeLlmServer[] = []

beforeAll(() => {
  process.on('unhandledRejection', onUnhandledRejection)
  // The SDKs log a stream event they cannot parse before throwing; the suite checks outcomes, not logs.
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  // Late rejections (a stream closed after its run returned) surface within a few ticks.
  await new Promise((resolve) => setTimeout(resolve, 50))
  process.off('unhandledRejection', onUnhandledRejection)
  vi.restoreAllMocks()
  expect(unhandled).toEqual([])
})

async function startServer(turns: TFakeLlmTurn[]): Promise<TFakeLlmServer> {
  const server = await startFakeLlmServer({ turns, apiKey: RIGHT_KEY })
  servers.push(server)
  return server
}

const CASES = SURFACES.flatMap((surface) => FAULTS.flatMap((fault) => PHASES.map((phase) => ({ surface, fault, phase }))))

describe('every provider surface, fault and phase', () => {
  it('covers 4 surfaces × 8 faults × 4 phases', () => {
    expect(CASES).toHaveLength(128)
  })

  it.each(CASES.map((entry) => ({ ...entry, label: entry.surface.label })))(
    '$label: $fault in the $phase ends in a clear error, a valid history and a working agent',
    async ({ surface, fault, phase }) => {
      const point = faultPoint(surface.wireFormat, phase)
      const healthyFirst = phase === 'later round' ? [TOOL_TURN] : []
      const server = await startServer([...healthyFirst, faultedTurn(fault, phase, point), { text: 'Recovered.' }])
      const refusedAtStart = fault === 'connection refused' && phase === 'first round'
      const endpoint = refusedAtStart ? await closedEndpoint() : server
      const apiKey = fault === 'wrong key' && phase === 'first round' ? WRONG_KEY : RIGHT_KEY
      const closeServerAtTool = fault === 'connection refused' && phase === 'later round'
      const timeout = fault === 'stall past the idle timeout' ? IDLE_TIMEOUT_MS : GENEROUS_TIMEOUT_MS
      const { agent, additions } = createAgent(surface.create(endpoint, apiKey), timeout, async () => {
        if (closeServerAtTool) await server.close()
      })
      // A refused connection mid-stream: the server goes away once the client got the text before the stall.
      const closeServerWhenSeen = fault === 'connection refused' && point.seenBefore !== undefined ? escapedInJson(point.seenBefore) : undefined
      const events: TExecutionEventEnvelope[] = []
      const onExecutionEvent = (event: TExecutionEventEnvelope) => {
        events.push(event)
        const payload = event.type === 'provider_native_raw_payload' ? event.data : undefined
        if (closeServerWhenSeen && payload?.payloadKind === 'stream_event' && JSON.stringify(payload.payload).includes(closeServerWhenSeen)) {
          void server.close()
        }
      }

      const result = await agent.run(PROMPT, { onExecutionEvent })

      const expected = expectationFor(fault, phase, surface)
      expect(result.response).toMatch(/Error: the model provider failed: /)
      expect(result.response).toMatch(expected.message)
      expect(result.response).not.toContain(apiKey)
      const last = result.history.at(-1)
      expect(last).toMatchObject({ role: 'assistant', metadata: { error: true, errorCode: expected.errorCode } })
      if (phase === 'mid-text') expect(last?.content.startsWith('Part one, ')).toBe(true)
      expect(additions).toEqual(phase === 'later round' ? [{ a: 2, b: 3 }] : [])
      expect(result.history.filter((message) => message.role === 'tool')).toHaveLength(phase === 'later round' ? 1 : 0)
      expect(describeHistoryProblems(result.history)).toEqual([])
      expect(rebuildHistoryFromEvents(events)).toEqual(agent.getHistory())

      // The same agent is not stuck: its next run returns, recovering where the fault was transient.
      const sameAgentRecovers = fault !== 'connection refused' && !(fault === 'wrong key' && phase === 'first round')
      const again = await agent.run('Try once more.', { onExecutionEvent })
      if (sameAgentRecovers) expect(again.response).toBe('Recovered.')
      else expect(again.response).toMatch(expectationFor(fault, 'first round', surface).message)
      expect(describeHistoryProblems(again.history)).toEqual([])
      expect(rebuildHistoryFromEvents(events)).toEqual(agent.getHistory())

      // The history the events rebuild carries a fresh agent on a healthy endpoint with the right key.
      const healthy = await startServer([{ text: 'Recovered.' }])
      const resumed = createAgent(surface.create(healthy, RIGHT_KEY), GENEROUS_TIMEOUT_MS, async () => undefined, rebuildHistoryFromEvents(events)).agent
      expect((await resumed.run('Continue.')).response).toBe('Recovered.')
      expect(JSON.stringify(healthy.requests[0]?.body)).toContain(PROMPT)

      await new Promise((resolve) => setTimeout(resolve, 5))
      expect(unhandled).toEqual([])
      recordSuiteTotal(SUITE, 'faults')
    }
  )
})
