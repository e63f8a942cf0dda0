import type { TToolDiff } from '../../core/tool.ts'

/**
 * What a built-in tool puts in `IToolResult.data`: text for the model plus structured facts. A
 * failure is a result with `success: false` and an `error` the model can act on, never a throw.
 */
export type TToolResult = {
  success: boolean
  output: string
  error?: string
  /** A command's exit code (Bash). */
  exitCode?: number
  /** The line, counting from 1, where the first replacement starts in the original file (Edit). */
  startLine?: number
  /** The file change to show the user (Edit, Write); lifted to `IToolResult.diff`, so the model never sees it. */
  diff?: TToolDiff
}
