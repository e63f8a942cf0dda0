import { createId } from '../../core/create-id.ts'
import { ValidationError } from '../../core/errors.ts'
import { followAbort } from '../../core/follow-abort.ts'
import type { IAIProvider } from '../../core/provider.ts'
import type { ITool } from '../../core/tool.ts'
import type { TPermissionMode } from '../../permissions/index.ts'
import { StreamRedactor } from '../../storage/replay-log/stream-redactor.ts'
import type { ISessionStore } from '../../storage/session-store.ts'
import type { TPermissionEnforcerOptions, TPermissionHandler, TPermissionRequest } from '../permission-enforcer-types.ts'
import { toStoredEvent, type TSessionEvent } from '../session-events.ts'
import { SessionPersistence } from '../session-persistence.ts'
import type { IAgentDefinition } from './agent-definition.ts'
import { resolveSubagentModel } from './agent-definition.ts'
import type { TSubagentReport, TSubagentRequest, TSubagentRunner } from './agent-tool.ts'
import type { TSubagentRunOutcome, TSubagentRunWatcher } from './subagent-run-watch.ts'
import { createSubagentSession, type TSubagentContext } from './subagent-session.ts'

/** What every subagent of one parent session is built from. */
export type TSubagentRunnerParts = {
  parentSessionId: string
  provider: IAIProvider
  /** Read when a subagent starts, so a model or mode switch of the parent carries over. */
  getParentModel: () => string
  getPermissionMode: () => TPermissionMode
  /** The parent's tools before its permission gate. */
  tools: readonly ITool[]
  definitions: readonly IAgentDefinition[]
  /** Lists, hooks, handler, sandbox and cwd of the parent's gate; the child gets a gate of its own. */
  permissions: Omit<TPermissionEnforcerOptions, 'mode' | 'sessionId'>
  context?: TSubagentContext
  /** Where the child's record and replay log are kept; without one the child is not persisted. */
  store?: ISessionStore
  /** Values cut from the child's events, as from the parent's: its provider's key and the like. None when left out. */
  secrets?: readonly string[]
  /** Receives the child's events, already redacted. */
  onEvent?: (event: TSessionEvent) => void
  /** Told as each run starts and ends; may hand back a signal that stops the run alone. */
  watchRun?: TSubagentRunWatcher
}

/**
 * The runner behind a session's Agent tool: each call starts a child session with its own id and
 * replay log, whose first event (`session_link`) names the parent session and tool call, runs the
 * prompt, persists the log, and reports the child's answer.
 */
export function createSubagentRunner(parts: TSubagentRunnerParts): TSubagentRunner {
  return async (request: TSubagentRequest): Promise<TSubagentReport> => {
    const definition = parts.definitions.find((candidate) => candidate.name === request.agentType)
    if (!definition) {
      const names = parts.definitions.map((candidate) => candidate.name).join(', ')
      throw new ValidationError(`Unknown subagent type "${request.agentType}". Available: ${names}.`)
    }
    const sessionId = createId()
    const parentModel = parts.getParentModel()
    const now = Date.now()
    const persistence = parts.store
      ? new SessionPersistence(parts.store, {
          id: sessionId,
          name: `${definition.name}: ${request.description}`,
          createdAt: now,
          updatedAt: now,
          model: resolveSubagentModel(definition, parentModel),
          providerName: parts.provider.name,
          messages: [],
          nextEventSeq: 0,
          parentSessionId: parts.parentSessionId,
          parentToolCallId: request.toolCallId
        })
      : undefined
    // Stream-aware, as the parent's: a key the child's model writes across deltas is cut from each of them.
    const redactor = new StreamRedactor((redacted) => {
      const written = persistence?.observe(redacted as TSessionEvent)
      parts.onEvent?.(redacted as TSessionEvent)
      return written
    }, parts.secrets ?? [])
    await persistence?.start()
    const child = createSubagentSession({
      definition,
      provider: parts.provider,
      parentModel,
      tools: parts.tools,
      permissions: { ...asSubagent(parts.permissions, { agentType: definition.name, sessionId }), mode: parts.getPermissionMode() },
      sessionId,
      ...(parts.context ? { context: parts.context } : {}),
      onEvent: (event) => redactor.push(toStoredEvent(event))
    })
    // Watched before its log's first event: a call that reads the run from then on finds it running.
    const watch = parts.watchRun?.({ sessionId, prompt: request.prompt, unstoredEvents: () => persistence?.unstoredEvents() ?? [] })
    // Stopped by its parent's turn or, alone, by whoever watches it.
    const stop = new AbortController()
    const unfollow = [followAbort(request.signal, stop), followAbort(watch?.signal, stop)]
    let outcome!: TSubagentRunOutcome
    try {
      await child.recordParentLink({
        parentSessionId: parts.parentSessionId,
        parentToolCallId: request.toolCallId,
        agentType: definition.name,
        description: request.description
      })
      const result = await child.run(request.prompt, { signal: stop.signal })
      const report = {
        sessionId,
        agentType: definition.name,
        response: result.response,
        interrupted: result.interrupted === true,
        toolsExecuted: result.toolsExecuted
      }
      outcome = { report }
      return report
    } catch (error) {
      outcome = { error }
      throw error
    } finally {
      for (const stopFollowing of unfollow) stopFollowing()
      redactor.end()
      try {
        await persistence?.flush(child.getNextEventSeq())
      } finally {
        watch?.ended?.(outcome)
      }
    }
  }
}

/** The parent's gate settings, its handler told on every request that this subagent asks. */
function asSubagent(options: TSubagentRunnerParts['permissions'], subagent: NonNullable<TPermissionRequest['subagent']>): TSubagentRunnerParts['permissions'] {
  const handler = options.permissionHandler
  if (!handler) return options
  const permissionHandler: TPermissionHandler = (request, signal) => handler({ ...request, subagent }, signal)
  return { ...options, permissionHandler }
}
