import type { IToolCall, IToolMessage } from '../../lib/core/messages.ts'

type TToolCallCardProps = { call: IToolCall; result: IToolMessage | undefined }

type TShownResult = { output: string; failed: boolean; exitCode: number | undefined }

/** One tool call: its name and arguments, then its output once the result is committed. */
export function ToolCallCard({ call, result }: TToolCallCardProps) {
  const shown = result ? toShownResult(result.content) : undefined
  const headline = typeof call.arguments.command === 'string' ? call.arguments.command : JSON.stringify(call.arguments)
  return (
    <div className={`tool-call${shown?.failed ? ' failed' : ''}`} aria-label={`Tool call ${call.name}`}>
      <div className="tool-head">
        <span className="tool-name">{call.name}</span>
        <code>{headline}</code>
        {shown?.exitCode !== undefined ? <span className="exit-code">exit {shown.exitCode}</span> : null}
      </div>
      {shown ? (
        <pre className="tool-output" aria-label={`${call.name} result`}>
          {shown.output || '(no output)'}
        </pre>
      ) : (
        <p className="note">Running…</p>
      )}
    </div>
  )
}

function toShownResult(content: string): TShownResult {
  try {
    const parsed = JSON.parse(content) as { output?: unknown; error?: unknown; success?: unknown; exitCode?: unknown }
    if (typeof parsed.output === 'string') {
      const error = typeof parsed.error === 'string' && !parsed.output ? parsed.error : ''
      return {
        output: parsed.output || error,
        failed: parsed.success === false,
        exitCode: typeof parsed.exitCode === 'number' ? parsed.exitCode : undefined
      }
    }
  } catch {
    // Not a built-in tool's JSON result: show the text as the model saw it.
  }
  return { output: content, failed: content.startsWith('Error:'), exitCode: undefined }
}
