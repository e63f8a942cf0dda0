import type { TOutputSchema } from '../core/output-schema.ts'
import type { TChatSettings } from '../core/chat-settings.ts'
import type { TToolExecutionOptions } from '../core/execution/execution-context.ts'
import type { TRunResult } from '../core/execution/run-execution.ts'
import type { TUniversalMessage } from '../core/messages.ts'
import type { IAIProvider, TTextDeltaCallback } from '../core/provider.ts'
import type { ITool } from '../core/tool.ts'
import type { TCompactionOutcome, TCompactionTrigger } from './compaction/compaction-types.ts'
import type { PermissionEnforcer } from './permission-enforcer.ts'
import type { TPermissionEnforcerOptions } from './permission-enforcer-types.ts'
import type { TSessionEventListener } from './session-events.ts'

/** How a `Session` is built: pre-constructed tools, a provider and a system message. */
export type TSessionOptions = {
  provider: IAIProvider
  model: string
  /** Tools before the permission gate; the session wraps each with its enforcer. */
  tools?: readonly ITool[]
  systemMessage?: string
  /** Identifies the session in replay events; a new id is made when omitted. */
  sessionId?: string
  name?: string
  /** History to continue from (a resumed session's messages). */
  history?: readonly TUniversalMessage[]
  /** The `seq` of the first event, so a resumed session's log keeps rising. */
  firstEventSeq?: number
  /** The gate every tool call passes; built from `permissions` when omitted. */
  enforcer?: PermissionEnforcer
  /** Options of the enforcer the session builds when none is given. */
  permissions?: TPermissionEnforcerOptions
  /** The model's context window in tokens, when the model table does not know it. */
  contextWindow?: number
  /** Share of the window that triggers auto-compaction; `false` turns it off. Defaults to 0.835. */
  autoCompactThreshold?: number | false
  /** The project's "Compact Instructions", passed to every summary call. */
  compactInstructions?: string
  /** Cap on model/tool rounds per prompt. */
  maxExecutionRounds?: number
  /** Model settings for every provider call (`maxTokens`, `stopSequences`, `providerOptions`…). */
  chatSettings?: TChatSettings
  toolExecution?: TToolExecutionOptions
  /** Provider idle timeout in milliseconds. */
  timeout?: number
  /** Receives every event in order: the runs' and the session's own (hooks, compaction, history resets). */
  onEvent?: TSessionEventListener
  /** Told when a compaction (manual or automatic) starts and how it ends, for a status line. */
  onCompaction?: (notice: TCompactionNotice) => void
}

/** A compaction's progress, as a status line shows it. */
export type TCompactionNotice =
  | { phase: 'started'; trigger: TCompactionTrigger }
  | { phase: 'finished'; outcome: TCompactionOutcome }
  | { phase: 'failed'; trigger: TCompactionTrigger; message: string }

/** Options of one prompt. */
export type TSessionRunOptions = {
  signal?: AbortSignal
  onTextDelta?: TTextDeltaCallback
  /** What UserPromptSubmit hooks see instead of the prompt (the typed `/command`, say). */
  rawInput?: string
  maxExecutionRounds?: number
  /** Asks for the final answer as JSON matching this schema; it comes back validated in `output` (see `Robota.run`). */
  output?: TOutputSchema
}

/** What a prompt produced, with any compaction it triggered. */
export type TSessionRunResult = TRunResult & {
  /** Auto-compactions that ran before or after this prompt. */
  compactions: TCompactionOutcome[]
  /** The validated answer when `output` was asked for (missing when interrupted, blocked or failed). */
  output?: unknown
}
