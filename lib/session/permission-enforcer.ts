import { ConfigurationError, ValidationError } from '../core/errors.ts'
import type { TExecutionEventDataMap } from '../core/execution-events.ts'
import type { ITool, IToolExecutionContext } from '../core/tool.ts'
import { runHooks, validateHooksConfig, type IHookInput, type THookEvent, type THookRunResult } from '../hooks/index.ts'
import {
  isPermissionMode,
  matchPermissionPattern,
  parsePermissionLists,
  parsePermissionPattern,
  resolveParsedPermission,
  suggestPermissionPattern,
  type TParsedPermissionLists,
  type TPermissionMode,
  type TPermissionPattern
} from '../permissions/index.ts'
import type { TPermissionAnswer, TPermissionEnforcerOptions, TPermissionOutcome, TPermissionRequest } from './permission-enforcer-types.ts'
import { describeBadAnswer, isPermissionAnswer } from './permission-answer.ts'
import { GatedTool, type IToolGate } from './tool-gate.ts'
import { describeError } from '../core/describe-error.ts'

type TDecisionData = TExecutionEventDataMap['permission_decision']
type TDecisionFields = Pick<TDecisionData, 'source'> & Partial<Pick<TDecisionData, 'pattern' | 'reason'>>
type TAwaitedAnswer = { answer: TPermissionAnswer } | { failure: string } | 'aborted'

/**
 * Permissions and tool hooks for one session: wraps tools so every call passes PreToolUse hooks,
 * the permission decision (asking the handler on `approve`) and PostToolUse hooks, and records
 * each decision and hook outcome as a replay event through the call's `emitEvent`.
 */
export class PermissionEnforcer implements IToolGate {
  private currentMode: TPermissionMode = 'default'
  private readonly lists: TParsedPermissionLists
  private readonly sessionRules: TPermissionPattern[] = []

  constructor(private readonly options: TPermissionEnforcerOptions = {}) {
    this.setMode(options.mode ?? 'default')
    this.lists = parsePermissionLists(options.permissions)
    if (options.hooks) validateHooksConfig(options.hooks)
  }

  /** The mode calls are decided in now. */
  get mode(): TPermissionMode {
    return this.currentMode
  }

  /** Switches the mode; takes effect from the next decision, even in a running turn. */
  setMode(mode: TPermissionMode): void {
    if (!isPermissionMode(mode)) throw new ValidationError(`Unknown permission mode "${String(mode)}".`)
    this.currentMode = mode
  }

  /** The patterns the user allowed for this session, oldest first. */
  getSessionRules(): string[] {
    return this.sessionRules.map((rule) => rule.source)
  }

  /** Allows every call `pattern` covers for the rest of the session; throws on a malformed pattern. */
  addSessionRule(pattern: string): void {
    const parsed = parsePermissionPattern(pattern)
    if (!this.sessionRules.some((rule) => rule.source === parsed.source)) this.sessionRules.push(parsed)
  }

  /** Forgets every session rule. */
  clearSessionRules(): void {
    this.sessionRules.length = 0
  }

  /** The tool behind this enforcer's gate; its schema is unchanged. */
  wrap(tool: ITool): ITool {
    return new GatedTool(tool, this)
  }

  /** `wrap` for each tool. */
  wrapAll(tools: readonly ITool[]): ITool[] {
    return tools.map((tool) => this.wrap(tool))
  }

  async authorize(toolName: string, parameters: Record<string, unknown>, context: IToolExecutionContext): Promise<TPermissionOutcome> {
    const mode = this.currentMode
    const record = (decision: 'allow' | 'deny', fields: TDecisionFields): void =>
      context.emitEvent?.('permission_decision', { toolName, toolCallId: context.toolCallId, decision, mode, ...fields })
    const deny = (fields: TDecisionFields & { reason: string }): TPermissionOutcome => {
      record('deny', fields)
      return { allowed: false, reason: fields.reason }
    }
    const allow = (fields: TDecisionFields): TPermissionOutcome => {
      record('allow', fields)
      return { allowed: true }
    }

    const scope = this.options.cwd === undefined ? {} : { cwd: this.options.cwd }
    const evaluation = resolveParsedPermission(toolName, parameters, mode, this.lists, scope)
    const { source, pattern } = evaluation
    if (evaluation.decision === 'deny') {
      const reason = evaluation.reason ?? `${toolName} is not allowed in ${mode} mode`
      return deny({ source, reason, ...(pattern ? { pattern } : {}) })
    }
    if (evaluation.decision === 'auto') return allow({ source, ...(pattern ? { pattern } : {}) })

    // A session rule answers the approval question; it never overrides a deny pattern that could not be judged.
    if (source !== 'deny_list') {
      const covers = (rule: TPermissionPattern): boolean => matchPermissionPattern(rule, toolName, parameters, 'allow', scope) === 'match'
      const rule = this.sessionRules.find(covers)
      if (rule) return allow({ source: 'session_rule', pattern: rule.source })
    }
    const handler = this.options.permissionHandler
    if (handler === undefined) return deny({ source: 'handler', reason: `${toolName} needs approval in ${mode} mode and no one can be asked` })
    if (context.signal?.aborted) return deny({ source: 'abort', reason: 'the run was aborted before approval' })

    const request: TPermissionRequest = {
      toolName,
      toolCallId: context.toolCallId,
      parameters,
      mode,
      suggestedPattern: suggestPermissionPattern(toolName, parameters),
      ...(evaluation.reason ? { reason: evaluation.reason } : {})
    }
    context.emitEvent?.('permission_request', { toolName, toolCallId: context.toolCallId, parameters, mode })
    const asked = Promise.resolve().then(() => handler(request, context.signal))
    const answered = await awaitAnswer(asked, context.signal)
    if (answered === 'aborted') return deny({ source: 'abort', reason: 'the run was aborted while waiting for approval' })
    if ('failure' in answered) return deny({ source: 'handler', reason: `the permission handler failed: ${answered.failure}` })
    const { answer } = answered
    if (answer === 'allow_once') return allow({ source: 'handler' })
    if (answer === 'deny') return deny({ source: 'handler', reason: 'the user denied this call' })
    // The one answer left that it takes: allow every call the pattern covers.
    if (isPermissionAnswer(answer)) {
      try {
        this.addSessionRule(answer.allowForSession)
        return allow({ source: 'handler', pattern: answer.allowForSession.trim() })
      } catch (error) {
        // The user said yes to this call; only the rule they chose could not be kept.
        return allow({ source: 'handler', reason: `allowed once; ${(error as Error).message}` })
      }
    }
    // Recorded in the decision event as a throwing handler is, and told to the app: it is the app's own fault.
    const reason = `the permission handler resolved ${describeBadAnswer(answer)}`
    this.options.onBadAnswer?.(new ConfigurationError(`${toolName} was denied: ${reason}.`))
    return deny({ source: 'handler', reason })
  }

  async runHooks(
    event: THookEvent,
    fields: Partial<IHookInput>,
    context: Pick<IToolExecutionContext, 'signal' | 'emitEvent'> = {}
  ): Promise<THookRunResult> {
    const { hooks, sandbox, hookExecutors, hookTimeoutMs, onHookWarning } = this.options
    if (hooks === undefined || (hooks[event] ?? []).length === 0) {
      return { blocked: false, additionalContext: [], feedback: [], warnings: [], outcomes: [] }
    }
    const input: IHookInput = {
      session_id: this.options.sessionId ?? '',
      cwd: this.options.cwd ?? '',
      permission_mode: this.currentMode,
      ...fields,
      hook_event_name: event
    }
    const result = await runHooks(event, input, hooks, {
      ...(sandbox ? { sandbox } : {}),
      ...(hookExecutors ? { executors: hookExecutors } : {}),
      ...(hookTimeoutMs === undefined ? {} : { timeoutMs: hookTimeoutMs }),
      ...(context.signal ? { signal: context.signal } : {}),
      onOutcome: (outcome) => context.emitEvent?.('hook_result', outcome)
    })
    for (const warning of result.warnings) onHookWarning?.(warning)
    return result
  }
}

/** The handler's answer, or `aborted` as soon as the signal aborts, whichever comes first. */
function awaitAnswer(answer: Promise<TPermissionAnswer>, signal: AbortSignal | undefined): Promise<TAwaitedAnswer> {
  const settled = answer.then(
    (value): TAwaitedAnswer => ({ answer: value }),
    (error: unknown): TAwaitedAnswer => ({ failure: describeError(error) })
  )
  if (signal === undefined) return settled
  return new Promise<TAwaitedAnswer>((resolve) => {
    const onAbort = (): void => resolve('aborted')
    signal.addEventListener('abort', onAbort, { once: true })
    void settled.then((value) => {
      signal.removeEventListener('abort', onAbort)
      resolve(value)
    })
  })
}
