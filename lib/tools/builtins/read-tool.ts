import * as z from 'zod'
import { BuiltinTool } from './builtin-tool.ts'
import { MAX_PATH_CHARACTERS } from './limits.ts'
import { SandboxWorkspace } from './sandbox-workspace.ts'
import type { TSandboxToolOptions } from './sandbox-workspace.ts'
import { decodeTextContent, sliceHead, splitLines } from './text-content.ts'
import { describeSandboxFailure, ToolFailure } from './tool-failure.ts'
import type { TToolResult } from './tool-result.ts'

/** How many lines Read returns when the model names no limit. */
export const READ_DEFAULT_LINE_LIMIT = 2000
/** Lines longer than this are cut when shown. */
export const READ_MAX_LINE_CHARACTERS = 2000
/** Files larger than this are refused; Grep or Bash can look into them. */
export const READ_MAX_FILE_BYTES = 10 * 1024 * 1024

const readParameters = z.strictObject({
  filePath: z.string().min(1).max(MAX_PATH_CHARACTERS).describe('Path of the file to read, absolute or relative to the workspace'),
  offset: z.number().int().min(1).optional().describe('First line to read, counting from 1'),
  limit: z.number().int().min(1).max(100_000).optional().describe(`How many lines to read (default ${READ_DEFAULT_LINE_LIMIT})`)
})

/** Formats lines the way `cat -n` does, numbering from `firstLine`. */
export function numberLines(lines: readonly string[], firstLine: number): string {
  return lines.map((line, index) => `${String(firstLine + index).padStart(6)}\t${line}`).join('\n')
}

/**
 * The `Read` tool: a text file's lines from the sandbox, numbered like `cat -n`, under a header
 * naming the range shown. `offset`/`limit` page through long files, very long lines are cut, and
 * binary files are refused with a message.
 */
export function createReadTool(options: TSandboxToolOptions): BuiltinTool<typeof readParameters> {
  const workspace = new SandboxWorkspace(options)
  return new BuiltinTool(
    'Read',
    `Reads a text file from the workspace and returns its lines numbered like \`cat -n\` (${READ_DEFAULT_LINE_LIMIT} lines by default; use offset and limit for more).`,
    readParameters,
    async ({ filePath, offset = 1, limit = READ_DEFAULT_LINE_LIMIT }): Promise<TToolResult> => {
      const path = await workspace.resolve(filePath)
      const bytes = await readBytes(workspace, path)
      const text = decodeTextContent(bytes)
      if (text === undefined) {
        return { success: false, output: '', error: `${path} is a binary file (${bytes.length} bytes); Read only shows text files.` }
      }
      const lines = splitLines(text)
      if (lines.length === 0) return { success: true, output: `[${path}: empty file, 0 lines]` }
      if (offset > lines.length) {
        return { success: false, output: '', error: `offset ${offset} is past the end of ${path}, which has ${lines.length} lines.` }
      }
      const shown = lines.slice(offset - 1, offset - 1 + limit).map(cutLongLine)
      const last = offset + shown.length - 1
      const more = last < lines.length ? `; call again with offset ${last + 1} to read more` : ''
      return { success: true, output: `[${path}: lines ${offset}-${last} of ${lines.length}${more}]\n${numberLines(shown, offset)}` }
    }
  )
}

async function readBytes(workspace: SandboxWorkspace, path: string): Promise<Uint8Array> {
  try {
    const stat = await workspace.sandbox.stat(path)
    if (stat.type === 'directory') throw new ToolFailure(`${path} is a directory; use Glob or Bash (ls) to list it.`)
    if (stat.size > READ_MAX_FILE_BYTES) {
      throw new ToolFailure(`${path} is ${stat.size} bytes, over Read's ${READ_MAX_FILE_BYTES}-byte limit; use Grep, or Bash (sed -n '1,100p').`)
    }
    return await workspace.sandbox.readFile(path, { encoding: 'bytes' })
  } catch (error) {
    if (error instanceof ToolFailure) throw error
    throw new ToolFailure(describeSandboxFailure(error, path))
  }
}

function cutLongLine(line: string): string {
  if (line.length <= READ_MAX_LINE_CHARACTERS) return line
  return `${sliceHead(line, READ_MAX_LINE_CHARACTERS)}… [line cut: ${line.length} characters]`
}
