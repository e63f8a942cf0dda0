import { isSandboxError } from '../../../sandbox/sandbox-client.ts'
import { describeError } from '../../core/describe-error.ts'

/**
 * A reason a built-in cannot do what was asked, worded for the model. Thrown inside a tool and
 * turned into a failed `TToolResult` by `BuiltinTool`, so it never reaches the loop.
 */
export class ToolFailure extends Error {
  override readonly name = 'ToolFailure'
}

/** Words a sandbox failure about `path` for the model, as a clause; anything else keeps its own message. */
export function describeSandboxFailure(error: unknown, path: string): string {
  if (!isSandboxError(error)) return describeError(error)
  switch (error.code) {
    case 'SANDBOX_NOT_FOUND':
      return `file not found: ${path}`
    case 'SANDBOX_IS_A_DIRECTORY':
      return `${path} is a directory, not a file`
    case 'SANDBOX_NOT_A_DIRECTORY':
      return `a parent of ${path} is a file, not a directory`
    case 'SANDBOX_DISPOSED':
      return 'the sandbox has been shut down'
    default:
      return error.message
  }
}
