import * as z from 'zod'
import { writeFileAtomically } from './atomic-write.ts'
import { BuiltinTool } from './builtin-tool.ts'
import { MAX_CONTENT_CHARACTERS, MAX_PATH_CHARACTERS } from './limits.ts'
import { SandboxWorkspace } from './sandbox-workspace.ts'
import type { TSandboxToolOptions } from './sandbox-workspace.ts'
import type { TToolResult } from './tool-result.ts'

const writeParameters = z.strictObject({
  filePath: z.string().min(1).max(MAX_PATH_CHARACTERS).describe('Path of the file to write, absolute or relative to the workspace'),
  content: z.string().max(MAX_CONTENT_CHARACTERS).describe('The complete new content of the file')
})

/**
 * The `Write` tool: replaces a file's whole content (creating it and its parent directories if
 * needed) atomically inside the sandbox, keeping an existing file's mode, and reports the size in
 * UTF-8 bytes.
 */
export function createWriteTool(options: TSandboxToolOptions): BuiltinTool<typeof writeParameters> {
  const workspace = new SandboxWorkspace(options)
  return new BuiltinTool(
    'Write',
    'Writes a file in the workspace, replacing its whole content; creates the file and its parent directories if needed.',
    writeParameters,
    async ({ filePath, content }): Promise<TToolResult> => {
      const path = await workspace.resolve(filePath)
      const outcome = await writeFileAtomically(workspace.sandbox, path, content)
      const verb = outcome.created ? 'Created' : 'Wrote'
      const note = outcome.warning === undefined ? '' : ` ${outcome.warning}`
      return { success: true, output: `${verb} ${path} (${outcome.bytes} bytes).${note}` }
    }
  )
}
