import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import type { TUniversalMessage } from '../core/messages.ts'
import type { IPermissionLists, TPermissionMode } from '../permissions/index.ts'
import type { ISandboxClient } from '../../sandbox/sandbox-client.ts'
import { ReplayProvider } from '../storage/replay-log/replay-provider.ts'
import type { TSessionRecord } from '../storage/session-store.ts'
import type { TPermissionAnswer, TPermissionHandler } from './permission-enforcer-types.ts'
import { recordedResultTools } from './recorded-result-tools.ts'
import { recordedSteps } from './recorded-steps.ts'
import { createSandboxTools } from './sandbox-tools.ts'
import { Session } from './session.ts'
import { toStoredEvent, type TSessionEvent } from './session-events.ts'
import { describeError } from '../core/describe-error.ts'

/** What re-running a recorded session needs. */
export type TReplayRerunOptions = {
  /** The recorded session's replay events, in `seq` order. */
  events: readonly TExecutionEventEnvelope[]
  /** A fresh sandbox holding the files the recorded session started from. */
  sandbox: ISandboxClient
  /** Id the re-run's own events carry; defaults to the recorded session's id with `:rerun`. */
  sessionId?: string
  /** Allow and deny patterns, as the recording host had them. */
  permissions?: IPermissionLists
  /** Permission mode of the re-run; defaults to `default`, answering prompts as they were answered. */
  permissionMode?: TPermissionMode
  /** Defaults to `/workspace`. */
  workspaceRoot?: string
  /** The project's "Compact Instructions", as the recording session had them, for re-run compactions. */
  compactInstructions?: string
  /** Receives the re-run's replay events as they happen. */
  onExecutionEvent?: (event: TExecutionEventEnvelope) => void
  signal?: AbortSignal
}

/** The first place where the re-run's history differs from the recorded one. */
export type TReplayRerunDifference = {
  /** Index in the history (0-based). */
  index: number
  recorded: string
  replayed: string
}

/** How a re-run went: whether the rebuilt history is the recorded one, message for message. */
export type TReplayRerunReport = {
  matches: boolean
  prompts: number
  /** Provider calls in the log to replay (a summary call that changed nothing aside), and how many the re-run made. */
  recordedCalls: number
  replayedCalls: number
  recordedMessages: number
  replayedMessages: number
  difference?: TReplayRerunDifference
  /** Why the replay provider stopped, when the re-run sent something other than what was recorded. */
  divergence?: string
  /** The re-run's own replay events, when it differs: to set beside the recorded ones. */
  events?: TExecutionEventEnvelope[]
}

/**
 * Re-runs a recorded session offline: a `ReplayProvider` answers every model call from the log
 * (compaction summaries included), while the sandbox's tools run for real in `sandbox` (the others,
 * a subagent's or an app's own, give back the result recorded for each call), and each permission
 * prompt gets the answer it got then. Compactions and clears happen where the log has them. The
 * report compares the rebuilt history with the recorded one (roles, text, tool calls and
 * results; ids and times aside).
 */
export async function rerunReplay(options: TReplayRerunOptions): Promise<TReplayRerunReport> {
  const { events } = options
  const { steps, summaryExecutions, unusedExecutions } = recordedSteps(events)
  const firstRequest = events.find(
    (event): event is TExecutionEventEnvelope<'provider_request'> => event.type === 'provider_request' && !summaryExecutions.has(event.executionId)
  )
  // A summary call that changed nothing has no step to re-run it; its answer is not asked for.
  const provider = new ReplayProvider(events.filter((event) => !unusedExecutions.has(event.executionId)))
  const recordedCalls = provider.remainingCalls
  const system = firstRequest?.data.messages[0]
  const systemMessage = system?.role === 'system' ? system.content : ''
  const workspaceRoot = options.workspaceRoot ?? '/workspace'
  const record: TSessionRecord = {
    id: options.sessionId ?? `${events[0]?.sessionId ?? 'replay'}:rerun`,
    name: 'Re-run',
    createdAt: Date.now(),
    updatedAt: Date.now(),
    providerName: provider.name,
    model: firstRequest?.data.model ?? 'replay',
    messages: [],
    nextEventSeq: 0
  }
  const replayed: TUniversalMessage[] = []
  const replayedEvents: TExecutionEventEnvelope[] = []
  const observe = (event: TSessionEvent) => {
    if (event.type === 'history_mutation') replayed[event.data.index] = event.data.message
    if (event.type === 'history_replaced') replayed.splice(0, replayed.length, ...event.data.messages)
    replayedEvents.push(toStoredEvent(event))
    options.onExecutionEvent?.(toStoredEvent(event))
  }
  const recorded = recordedHistory(events)
  const sandboxTools = createSandboxTools(options.sandbox, workspaceRoot)
  const realTools = new Set(sandboxTools.map((tool) => tool.schema.name))
  // The SDK's own session, with its compaction turned off: compactions happen where the log has them.
  const session = new Session({
    provider,
    model: record.model,
    tools: [...sandboxTools, ...recordedResultTools(events, realTools, recorded)],
    systemMessage,
    sessionId: record.id,
    name: record.name,
    permissions: {
      mode: options.permissionMode ?? 'default',
      ...(options.permissions ? { permissions: options.permissions } : {}),
      permissionHandler: recordedAnswers(events),
      sandbox: options.sandbox,
      cwd: workspaceRoot
    },
    autoCompactThreshold: false,
    ...(options.compactInstructions ? { compactInstructions: options.compactInstructions } : {}),
    onEvent: observe
  })
  const signal = options.signal ? { signal: options.signal } : {}
  let stopped: string | undefined
  for (const step of steps) {
    if (options.signal?.aborted) break
    try {
      if (step.kind === 'prompt') await session.run(step.prompt, signal)
      else if (step.kind === 'history_replaced') await session.replaceHistory(step.messages, { reason: step.reason })
      else await session.compact(step.instructions, { trigger: step.trigger, ...signal })
    } catch (error) {
      // A summary request that drifted from the recorded one ends the re-run, as a turn's does.
      stopped = describeError(error)
      break
    }
  }
  const difference = firstDifference(recorded, replayed)
  const failed = replayed.find((message) => message.role === 'assistant' && message.metadata?.error === true)?.content
  // The earlier of the two: a compaction that stopped the re-run came after every failed turn.
  const divergence = failed ?? stopped
  const replayedCalls = recordedCalls - provider.remainingCalls
  const matches = difference === undefined && replayedCalls === recordedCalls && stopped === undefined
  return {
    matches,
    prompts: steps.filter((step) => step.kind === 'prompt').length,
    recordedCalls,
    replayedCalls,
    recordedMessages: recorded.length,
    replayedMessages: replayed.length,
    ...(difference ? { difference } : {}),
    ...(divergence && /Replay (diverged|asked)/.test(divergence) ? { divergence: divergence.replace(/^Error: the model provider failed: /, '') } : {}),
    ...(matches ? {} : { events: replayedEvents })
  }
}

/** The committed history of a log: `history_mutation` appends, started over at each `history_replaced`. */
function recordedHistory(events: readonly TExecutionEventEnvelope[]): TUniversalMessage[] {
  const history: TUniversalMessage[] = []
  for (const event of events as readonly TSessionEvent[]) {
    if (event.type === 'history_mutation') history[event.data.index] = event.data.message
    if (event.type === 'history_replaced') history.splice(0, history.length, ...event.data.messages)
  }
  return history.filter((message) => message !== undefined)
}

/** Answers each prompt as the recording's user did; a call the log never asked about is denied. */
function recordedAnswers(events: readonly TExecutionEventEnvelope[]): TPermissionHandler {
  const answers = new Map<string, TPermissionAnswer>()
  for (const event of events) {
    if (event.type !== 'permission_decision') continue
    if (event.data.source === 'handler' || event.data.source === 'session_rule' || event.data.source === 'abort') {
      answers.set(event.data.toolCallId, event.data.decision === 'allow' ? 'allow_once' : 'deny')
    }
  }
  return async (request) => answers.get(request.toolCallId) ?? 'deny'
}

function describeMessage(message: TUniversalMessage | undefined): string {
  if (!message) return 'nothing'
  const calls = message.role === 'assistant' ? (message.toolCalls ?? []).map((call) => `${call.name}#${call.id}(${JSON.stringify(call.arguments)})`) : []
  const link = message.role === 'tool' ? ` for ${message.toolName}#${message.toolCallId}` : ''
  return `${message.role}${link}: ${JSON.stringify(message.content)}${calls.length > 0 ? ` calls ${calls.join(', ')}` : ''}`
}

function firstDifference(recorded: readonly TUniversalMessage[], replayed: readonly TUniversalMessage[]): TReplayRerunDifference | undefined {
  const length = Math.max(recorded.length, replayed.length)
  for (let index = 0; index < length; index++) {
    const before = describeMessage(recorded[index])
    const after = describeMessage(replayed[index])
    if (before !== after) return { index, recorded: before, replayed: after }
  }
  return undefined
}
