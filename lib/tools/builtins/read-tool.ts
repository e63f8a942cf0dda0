import * as z from 'zod'
import { isSandboxError, type ISandboxClient } from '../../../sandbox/sandbox-client.ts'
import { BuiltinTool } from './builtin-tool.ts'
import type { TToolResult } from './tool-output.ts'

const DEFAULT_LINE_LIMIT = 2000

const readParameters = z.object({
  filePath: z.string().min(1).describe('Path of the file to read'),
  offset: z.number().int().min(1).optional().describe('First line to read, counting from 1'),
  limit: z.number().int().min(1).optional().describe('How many lines to read')
})

/** Formats lines the way `cat -n` does, numbering from `firstLine`. */
export function numberLines(lines: readonly string[], firstLine: number): string {
  return lines.map((line, index) => `${String(firstLine + index).padStart(6)}\t${line}`).join('\n')
}

/** The `Read` tool: returns a file's lines, numbered, from the sandbox. */
export function createReadTool(sandbox: ISandboxClient): BuiltinTool<typeof readParameters> {
  return new BuiltinTool(
    'Read',
    'Reads a text file from the workspace sandbox and returns its lines numbered like `cat -n`.',
    readParameters,
    async ({ filePath, offset = 1, limit = DEFAULT_LINE_LIMIT }): Promise<TToolResult> => {
      let content: string
      try {
        content = await sandbox.readFile(filePath)
      } catch (error) {
        const reason = isSandboxError(error) ? error.message : `Could not read ${filePath}: ${String(error)}`
        return { success: false, output: '', error: reason }
      }
      const lines = content.endsWith('\n') ? content.slice(0, -1).split('\n') : content.split('\n')
      const selected = content === '' ? [] : lines.slice(offset - 1, offset - 1 + limit)
      return { success: true, output: numberLines(selected, offset) }
    }
  )
}
