import type { TExecutionEventEnvelope } from '../../lib/core/execution-events.ts'
import { formatDuration } from './format-duration.ts'
import { splitRunTurns } from './run-turns.ts'
import { sentMessageCount } from './sent-message-count.ts'

/** What a bar stands for: a whole round, one model call, or one tool call. */
export type TRunBarKind = 'round' | 'provider' | 'tool'

/** One bar of a turn's timeline, placed on the turn's own time axis. */
export type TRunBar = {
  key: string
  kind: TRunBarKind
  /** `Round 1`, `Model call`, or the tool's name. */
  label: string
  /** One line about what the bar did: the model and its tool calls, or the tool's command or path. */
  detail: string
  startMs: number
  durationMs: number
  /** Where the bar starts, as a share (0–1) of the turn's axis. */
  offset: number
  /** How long it is, as a share (0–1) of the turn's axis; the view gives tiny bars a visible minimum. */
  span: number
  /** The event that opens it (a `provider_request`, a `tool_execution_request`, a round's first event). */
  first: TExecutionEventEnvelope
  lastSeq: number
  failed: boolean
  /** Started but not yet ended in these events: a running or interrupted call. */
  open: boolean
}

/** A mark on a turn's time axis. */
export type TAxisTick = { offset: number; label: string }

/** One turn laid out: its bars in order (each round followed by its calls) and its axis. */
export type TRunTimelineTurn = {
  executionId: string
  turn: number
  prompt: string | undefined
  durationMs: number
  bars: TRunBar[]
  ticks: TAxisTick[]
}

const MAX_TICKS = 4
const NICE_STEPS = [1, 2, 5]
const DETAIL_LENGTH = 80

/**
 * Lays out the rounds, model calls and tool calls of each turn as bars on a time axis that runs
 * from the turn's first event to its last, with durations taken from the events' `ts`.
 */
export function layoutRunTimeline(events: readonly TExecutionEventEnvelope[]): TRunTimelineTurn[] {
  // A turn with no round (a fork's opening, a cleared history) has nothing to draw.
  return splitRunTurns(events).flatMap(({ executionId, turn, prompt, events: turnEvents }) => {
    if (!turnEvents.some((event) => event.round !== undefined)) return []
    const start = turnEvents[0]?.ts ?? 0
    const durationMs = (turnEvents.at(-1)?.ts ?? start) - start
    // A turn whose events share one millisecond still needs an axis to divide by.
    const axis = Math.max(durationMs, 1)
    const place = (bar: TBarDraft): TRunBar => {
      const startMs = bar.startTs - start
      const length = bar.endTs - bar.startTs
      return { ...bar, startMs, durationMs: length, offset: startMs / axis, span: length / axis }
    }
    return [{ executionId, turn, prompt, durationMs, bars: draftBars(turnEvents).map(place), ticks: axisTicks(durationMs) }]
  })
}

type TBarDraft = Omit<TRunBar, 'startMs' | 'durationMs' | 'offset' | 'span'> & { startTs: number; endTs: number }

function draftBars(events: readonly TExecutionEventEnvelope[]): TBarDraft[] {
  const rounds = new Map<number, TExecutionEventEnvelope[]>()
  for (const event of events) {
    if (event.round === undefined) continue
    const round = rounds.get(event.round) ?? []
    round.push(event)
    rounds.set(event.round, round)
  }
  return [...rounds.entries()].flatMap(([round, roundEvents]) => {
    const first = roundEvents[0] as TExecutionEventEnvelope
    const last = roundEvents.at(-1) as TExecutionEventEnvelope
    const calls = [...providerCalls(roundEvents), ...toolCalls(roundEvents)].sort((left, right) => left.first.seq - right.first.seq)
    const tools = calls.filter((call) => call.kind === 'tool').length
    const roundBar: TBarDraft = {
      key: `${first.executionId}:round:${round}`,
      kind: 'round',
      label: `Round ${round}`,
      detail: `${tools} tool call${tools === 1 ? '' : 's'}`,
      startTs: first.ts,
      endTs: last.ts,
      first,
      lastSeq: last.seq,
      failed: calls.some((call) => call.failed),
      open: calls.some((call) => call.open)
    }
    return [roundBar, ...calls]
  })
}

function providerCalls(events: readonly TExecutionEventEnvelope[]): TBarDraft[] {
  const bars: TBarDraft[] = []
  let request: TExecutionEventEnvelope<'provider_request'> | undefined
  const close = (end: TExecutionEventEnvelope, response: TExecutionEventEnvelope<'provider_response_normalized'> | undefined, failed = false) => {
    if (!request) return
    const calls = response?.data.toolCallsCount ?? 0
    const sent = sentMessageCount(request)
    bars.push({
      key: `${request.executionId}:provider:${request.seq}`,
      kind: 'provider',
      label: 'Model call',
      detail: `${request.data.model}, ${sent} message${sent === 1 ? '' : 's'} in${response ? `, ${calls} tool call${calls === 1 ? '' : 's'} out` : failed ? ', the provider failed' : ', no answer yet'}`,
      startTs: request.ts,
      endTs: end.ts,
      first: request,
      lastSeq: end.seq,
      failed,
      open: response === undefined && !failed
    })
    request = undefined
  }
  for (const event of events) {
    if (event.type === 'provider_request') request = event
    else if (event.type === 'provider_response_normalized') close(event, event)
    // A call that failed commits its error as the answer, with no response before it.
    else if (event.type === 'assistant_message_committed' && event.data.message.metadata?.error === true) close(event, undefined, true)
  }
  // A request with no answer in these events: still streaming, or it failed.
  const last = events.at(-1)
  if (last) close(last, undefined)
  return bars
}

function toolCalls(events: readonly TExecutionEventEnvelope[]): TBarDraft[] {
  const requests = new Map<string, TExecutionEventEnvelope<'tool_execution_request'>>()
  const bars = new Map<string, TBarDraft>()
  // Time spent waiting for a person's approval is not the tool's: its bar starts at the answer.
  const asked = new Map<string, number>()
  const answered = new Map<string, { ts: number; waitedMs: number }>()
  const last = events.at(-1) as TExecutionEventEnvelope
  for (const event of events) {
    if (event.type === 'tool_execution_request') {
      requests.set(event.data.toolCallId, event)
      bars.set(event.data.toolCallId, toolBar(event, event.ts, last, event.data.toolName, describeParameters(event.data.parameters), false, true))
    } else if (event.type === 'permission_request') {
      asked.set(event.data.toolCallId, event.ts)
      const bar = bars.get(event.data.toolCallId)
      if (bar) bar.detail = truncate(`${bar.detail} (waiting for approval)`)
    } else if (event.type === 'permission_decision') {
      const askedAt = asked.get(event.data.toolCallId)
      if (askedAt !== undefined) answered.set(event.data.toolCallId, { ts: event.ts, waitedMs: event.ts - askedAt })
    } else if (event.type === 'tool_execution_result') {
      // A skipped call has a result and no request: it is a bar of no length.
      const start = requests.get(event.data.toolCallId) ?? event
      const approval = answered.get(event.data.toolCallId)
      const outcome = event.data.success ? 'ok' : `failed${event.data.error ? `: ${event.data.error}` : ''}`
      const waited = approval ? `, after ${formatDuration(approval.waitedMs)} waiting for approval` : ''
      const detail = `${requests.has(event.data.toolCallId) ? describeParameters((start as TExecutionEventEnvelope<'tool_execution_request'>).data.parameters) : 'skipped'} (${outcome}${waited})`
      bars.set(event.data.toolCallId, toolBar(start, approval?.ts ?? start.ts, event, event.data.toolName, detail, !event.data.success, false))
    }
  }
  return [...bars.values()]
}

function toolBar(first: TExecutionEventEnvelope, startTs: number, end: TExecutionEventEnvelope, toolName: string, detail: string, failed: boolean, open: boolean): TBarDraft {
  return { key: `${first.executionId}:tool:${first.seq}`, kind: 'tool', label: toolName, detail: truncate(detail), startTs, endTs: end.ts, first, lastSeq: end.seq, failed, open }
}

// The argument a person recognises a call by: the command, the path or the pattern.
function describeParameters(parameters: Record<string, unknown>): string {
  for (const key of ['command', 'filePath', 'file_path', 'path', 'pattern', 'url', 'description']) {
    const value = parameters[key]
    if (typeof value === 'string') return value
  }
  return JSON.stringify(parameters)
}

function truncate(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > DETAIL_LENGTH ? `${line.slice(0, DETAIL_LENGTH - 1)}…` : line
}

/** Marks at round steps (1, 2 or 5 times a power of ten), at most four past zero. */
export function axisTicks(durationMs: number): TAxisTick[] {
  if (durationMs <= 0) return [{ offset: 0, label: '0' }]
  let step = 1
  for (let scale = 1; ; scale *= 10) {
    const found = NICE_STEPS.map((factor) => factor * scale).find((candidate) => durationMs / candidate <= MAX_TICKS)
    if (found !== undefined) {
      step = found
      break
    }
  }
  const ticks: TAxisTick[] = []
  for (let at = 0; at <= durationMs; at += step) ticks.push({ offset: at / durationMs, label: at === 0 ? '0' : formatDuration(at) })
  return ticks
}
