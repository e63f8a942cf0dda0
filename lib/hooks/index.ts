export { AgentExecutor } from './executors/agent-executor.ts'
export { HttpExecutor } from './executors/http-executor.ts'
export { PromptExecutor } from './executors/prompt-executor.ts'
export { SandboxCommandExecutor } from './executors/sandbox-command-executor.ts'
export { getHookMatchTarget, HOOK_EVENT_POLICY } from './hook-event-policy.ts'
export { DEFAULT_HOOK_OUTPUT_BYTES, limitHookOutput, readLimitedBody } from './hook-output.ts'
export { parseHookResponse } from './hook-response.ts'
export { HOOK_EVENTS } from './hook-types.ts'
export { describeHook, judgeHookAttempt } from './judge-hook-attempt.ts'
export { HOOK_ABORTED_EXIT_CODE, HOOK_TIMEOUT_EXIT_CODE, runHookAttempt } from './run-hook-attempt.ts'
export { DEFAULT_HOOK_TIMEOUT_MS, runHooks, validateHooksConfig } from './run-hooks.ts'

export type { TAgentHookRunner } from './executors/agent-executor.ts'
export type { THttpExecutorOptions } from './executors/http-executor.ts'
export type { TPromptHookRunner } from './executors/prompt-executor.ts'
export type { THookEventPolicy } from './hook-event-policy.ts'
export type { TLimitedText } from './hook-output.ts'
export type { THookResponse } from './hook-response.ts'
export type {
  TAgentHookDefinition,
  IAgentHookDefinition,
  TCommandHookDefinition,
  ICommandHookDefinition,
  IHookDefinition,
  IHookGroup,
  THookCommon,
  IHookInput,
  IHookResult,
  IHookTypeExecutor,
  THttpHookDefinition,
  IHttpHookDefinition,
  TPromptHookDefinition,
  IPromptHookDefinition,
  THookEvent,
  THookExecutionContext,
  THookFailurePolicy,
  THooksConfig
} from './hook-types.ts'
export type { THookVerdict } from './judge-hook-attempt.ts'
export type { THookAttempt } from './run-hook-attempt.ts'
export type { THookOutcome, THookRunOptions, THookRunResult } from './run-hooks.ts'
