import type { TSubagentReport } from '../../lib/session/subagents/agent-tool.ts'

// The page takes only types from the session engine, so the Agent tool's name is written here too.
const AGENT_TOOL_NAME = 'Agent'

/** An Agent tool call's result as its card shows it: the subagent's answer, and the whole report. */
export type TSubagentAnswer = { answer: string; report: string }

/**
 * Reads an Agent tool result (`TSubagentReport`): the subagent's final answer, and the report
 * indented for reading. `undefined` for another tool's result or one that is not a report.
 */
export function toSubagentAnswer(toolName: string, content: string): TSubagentAnswer | undefined {
  if (toolName !== AGENT_TOOL_NAME) return undefined
  try {
    const report = JSON.parse(content) as Partial<TSubagentReport> | null
    return typeof report?.response === 'string' ? { answer: report.response, report: JSON.stringify(report, null, 2) } : undefined
  } catch {
    // A failure's text, not a report: the card shows it as it is.
    return undefined
  }
}
