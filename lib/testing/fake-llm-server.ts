import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describeValue } from '../core/describe-value.ts'
import { ConfigurationError } from '../core/errors.ts'
import type { TFakeLlmTurn, TSseEvent } from './fake-llm/fake-llm-script.ts'
import { flattenHeaders, parseJson, readApiKey, readBody, sendJson, sendPreflight } from './fake-llm/http-exchange.ts'
import { streamTurn } from './fake-llm/stream-turn.ts'
import { loadNodeHttp } from './load-node-http.ts'
import { DEFAULT_LISTED_MODELS, listModelsBody, matchListModels } from './fake-llm/list-models.ts'
import { geminiInvalidKeyBody } from './fake-llm/gemini-generate-content-events.ts'
import {
  matchWireRoute,
  renderTurnEvents,
  webSearchRefusal,
  wireErrorBody,
  type TFakeLlmWireFormat,
  type TStreamRequestBody
} from './fake-llm/wire-formats.ts'

/** One request the fake server received, with its parsed JSON body. */
export type TFakeLlmRecordedRequest = {
  method: string
  path: string
  wireFormat: TFakeLlmWireFormat | undefined
  headers: Record<string, string>
  body: unknown
  /**
   * When its headers arrived, in epoch milliseconds with sub-millisecond resolution
   * (`performance.timeOrigin + performance.now()`, the clock a page reads too).
   */
  receivedAt: number
}

/** One streamed event handed to the socket, and when (on the clock of `receivedAt`). */
export type TFakeLlmWrittenEvent = { request: TFakeLlmRecordedRequest; event: TSseEvent; writtenAt: number }

/** A scripted turn, or a function that picks one from the request it answers. */
export type TFakeLlmTurnSource = TFakeLlmTurn | ((request: TFakeLlmRecordedRequest) => TFakeLlmTurn)

/** Options of the fake LLM server. */
export type TFakeLlmServerOptions = {
  /** Turns played back in order, one per model request, whatever the endpoint. */
  turns?: TFakeLlmTurnSource[]
  /** When set, requests carrying another key are answered with 401 and do not use a turn. */
  apiKey?: string
  /** Pause between streamed events, in milliseconds. Default 0. */
  eventDelayMs?: number
  /** Model ids the list-models endpoints return (`GET /v1/models`, `GET /v1beta/models`); a few per API by default. */
  models?: string[]
  /** Called as each streamed event is written, so a bench can time a delta from the socket to the screen. */
  onEventWritten?: (written: TFakeLlmWrittenEvent) => void
}

/** A running fake server. */
export type TFakeLlmServer = {
  /** `http://127.0.0.1:<port>`: the Anthropic SDK's `baseURL`, and the Gemini SDK's `httpOptions.baseUrl`. */
  url: string
  /** `<url>/v1`: the OpenAI SDK's `baseURL`. */
  openaiBaseURL: string
  /** Every request received, in order (CORS preflights excepted). */
  requests: TFakeLlmRecordedRequest[]
  /** Adds turns to the end of the script. */
  enqueue(...turns: TFakeLlmTurnSource[]): void
  /** How many scripted turns are still unplayed. */
  remainingTurns(): number
  /** Stops the server and drops open connections, stalled streams included. */
  close(): Promise<void>
}

/**
 * Starts a local server on 127.0.0.1 (random port) that speaks the Anthropic Messages
 * (`POST /v1/messages`), OpenAI Responses (`POST /v1/responses`), Chat Completions
 * (`POST /v1/chat/completions`) and Gemini (`POST /v1beta/models/{model}:streamGenerateContent?alt=sse`)
 * streaming wire formats from a script, answers each API's list-models (`GET /v1/models`,
 * `GET /v1beta/models`), with CORS so browser SDK
 * clients can reach it, and with faults on demand.
 */
export async function startFakeLlmServer(options: TFakeLlmServerOptions = {}): Promise<TFakeLlmServer> {
  // Loaded on call so `robota/testing` stays importable in a browser, where only the server is unusable.
  if (options.turns !== undefined && !Array.isArray(options.turns)) {
    throw new ConfigurationError(`startFakeLlmServer(options): turns must be an array of turns (each one may be a function of the request); got ${describeValue(options.turns)}.`)
  }
  const { createServer } = await loadNodeHttp()
  const turns = [...(options.turns ?? [])]
  const requests: TFakeLlmRecordedRequest[] = []
  let turnIndex = 0

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: { message: String(error) } })
      else response.destroy()
    })
  })

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const receivedAt = performance.timeOrigin + performance.now()
    if (request.method === 'OPTIONS') return sendPreflight(request, response)
    const path = (request.url ?? '/').split('?')[0] ?? '/'
    const route = matchWireRoute(path)
    const wireFormat = route?.wireFormat
    const recorded: TFakeLlmRecordedRequest = {
      method: request.method ?? 'GET',
      path,
      wireFormat,
      headers: flattenHeaders(request),
      body: parseJson(await readBody(request)),
      receivedAt
    }
    requests.push(recorded)
    const listing = matchListModels(recorded.method, path, recorded.headers)
    if (listing) {
      if (options.apiKey !== undefined && readApiKey(recorded.headers) !== options.apiKey) {
        const message = 'Invalid API key. The fake LLM server expects the key it was started with.'
        if (listing === 'gemini') return sendJson(response, 400, geminiInvalidKeyBody(message))
        return sendJson(response, 401, wireErrorBody(listing === 'anthropic' ? 'anthropic-messages' : 'responses', 401, message))
      }
      return sendJson(response, 200, listModelsBody(listing, options.models ?? DEFAULT_LISTED_MODELS[listing]))
    }
    if (!route || !wireFormat || request.method !== 'POST') {
      return sendJson(response, 404, { error: { message: `The fake LLM server has no route ${recorded.method} ${path}.` } })
    }
    const fail = (status: number, message: string, retryAfterSeconds?: number) =>
      sendJson(
        response,
        status,
        wireErrorBody(wireFormat, status, message, retryAfterSeconds),
        retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) }
      )
    if (options.apiKey !== undefined && readApiKey(recorded.headers) !== options.apiKey) {
      const message = 'Invalid API key. The fake LLM server expects the key it was started with.'
      // Gemini answers an unknown key with 400 API_KEY_INVALID, not 401.
      if (wireFormat === 'gemini-generate-content') return sendJson(response, 400, geminiInvalidKeyBody(message))
      return fail(401, message)
    }
    const body = (recorded.body ?? {}) as TStreamRequestBody
    const streaming = route.streaming ?? body.stream === true
    if (!streaming) return fail(400, 'The fake LLM server only answers streaming requests.')
    const source = turns.shift()
    if (source === undefined) return fail(500, `The fake LLM server has no scripted turn left for request ${requests.length}.`)
    const turn = typeof source === 'function' ? source(recorded) : source
    const context = { turnIndex: turnIndex++, model: route.model ?? (typeof body.model === 'string' ? body.model : 'fake-model') }
    if (turn.fault?.kind === 'http-error') {
      const { status, message, retryAfterSeconds } = turn.fault
      return fail(status, message ?? `Scripted HTTP ${status}.`, retryAfterSeconds)
    }
    const refusal = webSearchRefusal(wireFormat, turn, body)
    if (refusal) return fail(400, refusal)
    const events = renderTurnEvents(wireFormat, turn, context, body)
    const onEventWritten = options.onEventWritten
    await streamTurn(response, events, turn.fault, {
      delayMs: options.eventDelayMs ?? 0,
      wireFormat,
      ...(onEventWritten ? { onWritten: (event: TSseEvent) => onEventWritten({ request: recorded, event, writtenAt: performance.timeOrigin + performance.now() }) } : {})
    })
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`
  return {
    url,
    openaiBaseURL: `${url}/v1`,
    requests,
    enqueue: (...more) => void turns.push(...more),
    remainingTurns: () => turns.length,
    close: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve()
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}

export type { TFakeLlmWireFormat } from './fake-llm/wire-formats.ts'
