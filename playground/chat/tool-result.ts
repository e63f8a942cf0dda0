import type { TToolMessage } from '../../lib/core/messages.ts'

/** A tool result as the chat shows it: output text, whether it failed or was stopped, and extras it reported. */
export type TShownToolResult = {
  output: string
  failed: boolean
  /**
   * The result says the call was stopped before it finished: a subagent's report says
   * `interrupted`. A tool message the caller's stop cut short has `state: 'interrupted'`; messages
   * stored before that marker are read from their wording: a command or request cut short says it
   * `was interrupted`, a call the abort skipped or gave up on `Execution interrupted by user`.
   */
  stopped: boolean
  exitCode: number | undefined
  /** Where an Edit's first replacement began in the original file. */
  startLine: number | undefined
}

// The tools' own words for an abort (Bash, WebFetch, and the loop's for a call it skipped or gave
// up on, or the host's for one a lost worker left), for tool messages stored without the
// `interrupted` state; a command's exit code 130 alone may be the script's choice.
const INTERRUPTED = /^(Error: Execution|.* was) interrupted\b/

/** Reads a tool message: its content (a built-in tool's JSON result, or plain text as the model saw it) and its state. */
export function toShownToolResult({ content, state }: Pick<TToolMessage, 'content' | 'state'>): TShownToolResult {
  let stopped = state === 'interrupted'
  try {
    const parsed = JSON.parse(content) as { output?: unknown; error?: unknown; success?: unknown; exitCode?: unknown; startLine?: unknown; interrupted?: unknown }
    stopped ||= parsed.interrupted === true || INTERRUPTED.test(parsed.error as string)
    if (typeof parsed.output === 'string') {
      return {
        output: parsed.output || (typeof parsed.error === 'string' ? parsed.error : ''),
        failed: parsed.success === false,
        stopped,
        exitCode: typeof parsed.exitCode === 'number' ? parsed.exitCode : undefined,
        startLine: typeof parsed.startLine === 'number' ? parsed.startLine : undefined
      }
    }
  } catch {
    // Not a built-in tool's JSON result: show the text as the model saw it.
  }
  const failed = content.startsWith('Error:')
  return { output: content, failed, stopped: stopped || (failed && INTERRUPTED.test(content)), exitCode: undefined, startLine: undefined }
}

/** The one-line summary of a call's arguments shown in its header. */
export function summarizeArguments(toolName: string, parameters: Record<string, unknown>): string {
  const pick = (key: string) => (typeof parameters[key] === 'string' ? (parameters[key] as string) : undefined)
  // A subagent's call (Agent) says what it is for in `description`, beside a long prompt.
  const headline = pick('command') ?? pick('filePath') ?? pick('path') ?? pick('pattern') ?? pick('url') ?? pick('query') ?? pick('description')
  if (headline !== undefined) return headline
  const json = JSON.stringify(parameters)
  return json.length > 120 ? `${json.slice(0, 119)}…` : json || toolName
}
