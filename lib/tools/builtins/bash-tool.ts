import * as z from 'zod'
import { SANDBOX_ABORTED_EXIT_CODE, SANDBOX_TIMEOUT_EXIT_CODE } from '../../../sandbox/sandbox-client.ts'
import { BuiltinTool } from './builtin-tool.ts'
import { SandboxWorkspace } from './sandbox-workspace.ts'
import type { TSandboxToolOptions } from './sandbox-workspace.ts'
import type { TToolResult } from './tool-result.ts'
import { truncateMiddle } from './truncate-middle.ts'

/** Longest a command may run, in milliseconds. */
export const BASH_MAX_TIMEOUT_MS = 600_000
/** How long a command runs when the model names no timeout, in milliseconds. */
export const BASH_DEFAULT_TIMEOUT_MS = 120_000
/** Output beyond this many characters is cut from the middle. */
export const BASH_MAX_OUTPUT_CHARACTERS = 30_000

const MAX_COMMAND_CHARACTERS = 100_000

const bashParameters = z.strictObject({
  command: z.string().min(1).max(MAX_COMMAND_CHARACTERS).describe('The shell command to run'),
  timeout: z.number().int().positive().max(BASH_MAX_TIMEOUT_MS).optional().describe(`Timeout in milliseconds (default ${BASH_DEFAULT_TIMEOUT_MS}, at most ${BASH_MAX_TIMEOUT_MS})`),
  description: z.string().max(1000).optional().describe('A few words on what the command does')
})

/**
 * The `Bash` tool: runs a command in the sandbox, starting in the workspace directory. Its stdout
 * and stderr come back together, cut from the middle past 30,000 characters, with the exit code; a
 * non-zero exit is a failed result carrying the output, as a terminal user would see it.
 */
export function createBashTool(options: TSandboxToolOptions): BuiltinTool<typeof bashParameters> {
  const workspace = new SandboxWorkspace(options)
  return new BuiltinTool(
    'Bash',
    'Runs a shell command in the workspace sandbox and returns its output and exit code. Each command starts in the workspace directory.',
    bashParameters,
    async ({ command, timeout }, context): Promise<TToolResult> => {
      const timeoutMs = timeout ?? BASH_DEFAULT_TIMEOUT_MS
      const startedAt = Date.now()
      const result = await workspace.sandbox.run(command, {
        timeoutMs,
        ...(workspace.hasExplicitRoot ? { cwd: await workspace.root() } : {}),
        ...(context.signal ? { signal: context.signal } : {})
      })
      const combined = [result.stdout, result.stderr].filter((part) => part.length > 0).join('\n')
      const output = truncateMiddle(combined, BASH_MAX_OUTPUT_CHARACTERS)
      if (result.exitCode === 0) return { success: true, output, exitCode: 0 }
      const run = { timeoutMs, elapsedMs: Date.now() - startedAt, aborted: context.signal?.aborted === true }
      return { success: false, output, exitCode: result.exitCode, error: describeExit(result.exitCode, run) }
    }
  )
}

// 124 and 130 are also ordinary exit codes a script may choose, so the clock and the signal decide.
function describeExit(exitCode: number, run: { timeoutMs: number; elapsedMs: number; aborted: boolean }): string {
  if (exitCode === SANDBOX_TIMEOUT_EXIT_CODE && run.elapsedMs >= run.timeoutMs) {
    return `Command timed out after ${run.timeoutMs} ms (exit code ${exitCode})`
  }
  if (exitCode === SANDBOX_ABORTED_EXIT_CODE && run.aborted) return `Command was interrupted (exit code ${exitCode})`
  return `Command exited with code ${exitCode}`
}
