import * as z from 'zod'
import type { ISandboxClient } from '../../../sandbox/sandbox-client.ts'
import { BuiltinTool } from './builtin-tool.ts'
import type { TToolResult } from './tool-output.ts'

const MAX_TIMEOUT_MS = 600_000
const DEFAULT_TIMEOUT_MS = 120_000

const bashParameters = z.object({
  command: z.string().min(1).describe('The shell command to run'),
  timeout: z.number().int().positive().max(MAX_TIMEOUT_MS).optional().describe('Timeout in milliseconds'),
  description: z.string().optional().describe('A few words on what the command does')
})

/**
 * The `Bash` tool: runs a command in the sandbox. A non-zero exit is reported to the model with
 * its output rather than treated as a tool failure, as a terminal user would see it.
 */
export function createBashTool(sandbox: ISandboxClient): BuiltinTool<typeof bashParameters> {
  return new BuiltinTool(
    'Bash',
    'Runs a shell command in the workspace sandbox and returns its output and exit code.',
    bashParameters,
    async ({ command, timeout }, context): Promise<TToolResult> => {
      const result = await sandbox.run(command, {
        timeoutMs: timeout ?? DEFAULT_TIMEOUT_MS,
        ...(context.signal ? { signal: context.signal } : {})
      })
      const output = [result.stdout, result.stderr].filter((part) => part.length > 0).join('\n')
      return {
        success: result.exitCode === 0,
        output,
        exitCode: result.exitCode,
        ...(result.exitCode === 0 ? {} : { error: `Command exited with code ${result.exitCode}` })
      }
    }
  )
}
