import { ConfigurationError } from '../core/errors.ts'
import type { TExecutionEventDataMap } from '../core/execution-events.ts'
import type { ISandboxClient } from '../../sandbox/sandbox-client.ts'
import { HttpExecutor } from './executors/http-executor.ts'
import { SandboxCommandExecutor } from './executors/sandbox-command-executor.ts'
import { getHookMatchTarget } from './hook-event-policy.ts'
import { hookMatcherPattern } from './hook-matcher.ts'
import { DEFAULT_HOOK_OUTPUT_BYTES } from './hook-output.ts'
import type { IHookInput, IHookTypeExecutor, THookEvent, THooksConfig } from './hook-types.ts'
import { judgeHookAttempt } from './judge-hook-attempt.ts'
import { runHookAttempt } from './run-hook-attempt.ts'

/** Default per-hook timeout: 10 seconds, as the spec sets. */
export const DEFAULT_HOOK_TIMEOUT_MS = 10_000

/** One hook's outcome, shaped as the `hook_result` replay event. */
export type THookOutcome = TExecutionEventDataMap['hook_result']

/** How `runHooks` runs. */
export type THookRunOptions = {
  /** Executors to add or replace by type; `http` is built in, and `command` when `sandbox` is given. */
  executors?: readonly IHookTypeExecutor[]
  /** Where `command` hooks run. */
  sandbox?: ISandboxClient
  signal?: AbortSignal
  /** Per-hook timeout when a hook sets none; defaults to 10 s. */
  timeoutMs?: number
  /** Cap on each of a hook's stdout and stderr; defaults to 64 KiB. */
  maxOutputBytes?: number
  /** Called as each hook finishes, to record its `hook_result` event. */
  onOutcome?: (outcome: THookOutcome) => void
}

/** What the hooks of one event decided together. */
export type THookRunResult = {
  blocked: boolean
  /** The first block's reason. */
  reason?: string
  /** The tool input after every PreToolUse rewrite, when any hook rewrote it. */
  updatedInput?: Record<string, unknown>
  additionalContext: string[]
  /** PostToolUse blocks: text for the model about a tool call that already ran. */
  feedback: string[]
  /** Everything that proceeded with a warning: other exit codes, fail-open timeouts, ignored requests. */
  warnings: string[]
  outcomes: THookOutcome[]
}

/** Checks every group's matcher compiles; throws a `ConfigurationError` naming the event and matcher. */
export function validateHooksConfig(config: THooksConfig): void {
  for (const [event, groups] of Object.entries(config)) {
    for (const group of groups ?? []) compileMatcher(event, group.matcher)
  }
}

/**
 * Runs the hooks of `event` whose group matcher matches, one after another in configuration
 * order. Each PreToolUse hook sees the input as the hooks before it rewrote it; the first block
 * stops the rest.
 */
export async function runHooks(
  event: THookEvent,
  input: IHookInput,
  config: THooksConfig,
  options: THookRunOptions = {}
): Promise<THookRunResult> {
  const result: THookRunResult = { blocked: false, additionalContext: [], feedback: [], warnings: [], outcomes: [] }
  const executors = collectExecutors(options)
  const target = getHookMatchTarget(event, input)
  let currentInput: IHookInput = { ...input, hook_event_name: event }
  for (const group of config[event] ?? []) {
    const matcher = compileMatcher(event, group.matcher)
    if (matcher !== undefined && target !== undefined && !matcher.test(target)) continue
    for (const hook of group.hooks) {
      const attempt = await runHookAttempt(executors.get(hook.type), hook, currentInput, {
        signal: options.signal,
        timeoutMs: hook.timeoutMs ?? options.timeoutMs ?? DEFAULT_HOOK_TIMEOUT_MS,
        maxOutputBytes: options.maxOutputBytes ?? DEFAULT_HOOK_OUTPUT_BYTES
      })
      const verdict = judgeHookAttempt(event, hook, attempt)
      const outcome: THookOutcome = {
        event,
        hookType: hook.type,
        matcher: group.matcher ?? '',
        exitCode: attempt.exitCode,
        blocked: verdict.blocked,
        timedOut: attempt.timedOut,
        durationMs: attempt.durationMs,
        ...(attempt.stdout === '' ? {} : { stdout: attempt.stdout }),
        ...(attempt.stderr === '' ? {} : { stderr: attempt.stderr })
      }
      result.outcomes.push(outcome)
      options.onOutcome?.(outcome)
      result.warnings.push(...verdict.warnings)
      if (verdict.feedback !== undefined) result.feedback.push(verdict.feedback)
      if (verdict.additionalContext !== undefined) result.additionalContext.push(verdict.additionalContext)
      if (verdict.updatedInput !== undefined) {
        result.updatedInput = verdict.updatedInput
        currentInput = { ...currentInput, tool_input: verdict.updatedInput }
      }
      if (verdict.blocked) return { ...result, blocked: true, ...(verdict.reason === undefined ? {} : { reason: verdict.reason }) }
    }
  }
  return result
}

function collectExecutors(options: THookRunOptions): Map<string, IHookTypeExecutor> {
  const executors = new Map<string, IHookTypeExecutor>()
  executors.set('http', new HttpExecutor())
  if (options.sandbox) executors.set('command', new SandboxCommandExecutor(options.sandbox))
  for (const executor of options.executors ?? []) executors.set(executor.type, executor)
  return executors
}

function compileMatcher(event: string, matcher: string | undefined): RegExp | undefined {
  try {
    return hookMatcherPattern(matcher)
  } catch (error) {
    throw new ConfigurationError(`Invalid ${event} hook matcher "${matcher}": ${(error as Error).message}`, {
      details: { event, matcher },
      cause: error
    })
  }
}
