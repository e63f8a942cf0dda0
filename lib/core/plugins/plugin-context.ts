/** Where a hook is called from: one run of one agent. Plain data, safe to log or send. */
export type TPluginExecutionContext = {
  /** The run's id; replay events of the same run carry it as `executionId`. */
  executionId: string
  sessionId: string
  /** The user input that started the run. */
  input: string
  /** The model/tool round, from 1, when the hook fires inside a round. */
  round?: number
}

/** What a finished run produced, as `afterRun` sees it. */
export type TPluginExecutionResult = {
  response: string
  interrupted?: boolean
  toolsExecuted: string[]
}

/** One tool call about to run or just finished. */
export type TPluginToolCall = {
  toolName: string
  /** The provider's own call id, kept verbatim. */
  toolCallId: string
  parameters: Record<string, unknown>
}

/** The outcome of one tool call. */
export type TPluginToolResult = {
  success: boolean
  result?: unknown
  error?: string
}
