import { memo } from 'react'
import type { TToolCall, TToolMessage } from '../../lib/core/messages.ts'
import type { TToolCallDecision } from '../../worker/react/session-view-state.ts'
import type { TFileChange } from './file-change.ts'
import { LazyFileDiff } from './lazy-file-diff.tsx'
import { MarkdownBlocks } from './markdown-blocks.tsx'
import { useAwaitsApproval } from './pending-permissions-context.ts'
import { describePermissionDecision } from './permission-decision.ts'
import { toSubagentAnswer } from './subagent-answer.ts'
import { toToolDisplayName } from './tool-display-name.ts'
import { summarizeArguments, toShownToolResult } from './tool-result.ts'

type TToolCallCardProps = {
  call: TToolCall
  result: TToolMessage | undefined
  change: TFileChange | undefined
  /** What allowed or denied the call, when it was judged. */
  decision: TToolCallDecision | undefined
}

/**
 * One tool call: name and arguments, how it was allowed, the file diff of a Write or Edit, then its
 * output (a subagent's answer as Markdown, its whole report folded); until then, whether it runs
 * or waits for the person's approval. A call the person stopped is `stopped`, not `failed`.
 */
export const ToolCallCard = memo(function ToolCallCard({ call, result, change, decision }: TToolCallCardProps) {
  const shown = result ? toShownToolResult(result) : undefined
  const subagent = result ? toSubagentAnswer(call.name, result.content) : undefined
  const awaitsApproval = useAwaitsApproval(call.id)
  // A call the person's Stop cut short or skipped (or denied while it waited for approval) failed
  // too, as the model reads it, but it is shown as stopped.
  const stopped = shown?.stopped || decision?.source === 'abort'
  const status = shown ? (stopped ? 'stopped' : shown.failed ? 'failed' : 'done') : awaitsApproval ? 'waiting' : 'running'
  return (
    <section className={`tool-call ${status}`} aria-label={`Tool call ${call.name}`}>
      <div className="tool-head">
        <span className="tool-name" title={call.name}>
          {toToolDisplayName(call.name)}
        </span>
        <code className="tool-headline">{summarizeArguments(call.name, call.arguments)}</code>
        {shown?.exitCode !== undefined ? <span className="exit-code">exit {shown.exitCode}</span> : null}
        <span className={`tool-status ${status}`}>{status === 'running' ? 'running…' : status}</span>
      </div>
      {decision ? <p className="note tool-permission">{describePermissionDecision(decision)}</p> : null}
      <details className="tool-arguments">
        <summary>Arguments</summary>
        <pre aria-label={`${call.name} arguments`}>{JSON.stringify(call.arguments, null, 2)}</pre>
      </details>
      {change ? <LazyFileDiff change={change} /> : null}
      {subagent ? (
        <>
          <div className="tool-answer" aria-label={`${call.name} answer`}>
            {subagent.answer ? <MarkdownBlocks text={subagent.answer} /> : '(no answer)'}
          </div>
          <details className="tool-arguments">
            <summary>Report</summary>
            <pre aria-label={`${call.name} result`}>{subagent.report}</pre>
          </details>
        </>
      ) : shown ? (
        <pre className="tool-output" aria-label={`${call.name} result`}>
          {shown.output || '(no output)'}
        </pre>
      ) : awaitsApproval ? null : (
        // The permission prompt says what waits for the person; the header's status word is enough here.
        <p className="note" role="status">
          Running…
        </p>
      )}
    </section>
  )
})
