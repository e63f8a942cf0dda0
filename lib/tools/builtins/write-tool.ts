import * as z from 'zod'
import { writeFileAtomically } from './atomic-write.ts'
import { isSandboxError, type ISandboxClient } from '../../../sandbox/sandbox-client.ts'
import { BuiltinTool } from './builtin-tool.ts'
import { diffTextLines } from './line-diff.ts'
import { MAX_CONTENT_CHARACTERS, MAX_PATH_CHARACTERS } from './limits.ts'
import { SandboxWorkspace } from './sandbox-workspace.ts'
import type { TSandboxToolOptions } from './sandbox-workspace.ts'
import { decodeTextContent } from './text-content.ts'
import type { TToolResult } from './tool-result.ts'

/**
 * The text a file holds before it is written, for the change shown to the user: empty for a new
 * file, `undefined` when it cannot be shown (a binary file, a directory, a read that failed).
 */
async function readPreviousText(sandbox: ISandboxClient, path: string): Promise<string | undefined> {
  try {
    return decodeTextContent(await sandbox.readFile(path, { encoding: 'bytes' }))
  } catch (error) {
    return isSandboxError(error) && error.code === 'SANDBOX_NOT_FOUND' ? '' : undefined
  }
}

const writeParameters = z.strictObject({
  filePath: z.string().min(1).max(MAX_PATH_CHARACTERS).describe('Path of the file to write, absolute or relative to the workspace'),
  content: z.string().max(MAX_CONTENT_CHARACTERS).describe('The complete new content of the file')
})

/**
 * The `Write` tool: replaces a file's whole content (creating it and its parent directories if
 * needed) atomically inside the sandbox, keeping an existing file's mode, and reports the size in
 * UTF-8 bytes and, for a text file, the change as a `diff`.
 */
export function createWriteTool(options: TSandboxToolOptions): BuiltinTool<typeof writeParameters> {
  const workspace = new SandboxWorkspace(options)
  return new BuiltinTool(
    'Write',
    'Writes a file in the workspace, replacing its whole content; creates the file and its parent directories if needed.',
    writeParameters,
    async ({ filePath, content }): Promise<TToolResult> => {
      const path = await workspace.resolve(filePath)
      const before = await readPreviousText(workspace.sandbox, path)
      const outcome = await writeFileAtomically(workspace.sandbox, path, content)
      const verb = outcome.created ? 'Created' : 'Wrote'
      const note = outcome.warning === undefined ? '' : ` ${outcome.warning}`
      return {
        success: true,
        output: `${verb} ${path} (${outcome.bytes} bytes).${note}`,
        ...(before === undefined ? {} : { diff: { file: path, lines: diffTextLines(before, content) } })
      }
    }
  )
}
