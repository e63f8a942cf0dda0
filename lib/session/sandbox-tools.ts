import type { ITool } from '../core/tool.ts'
import type { ISandboxClient } from '../../sandbox/sandbox-client.ts'
import { createBashTool } from '../tools/builtins/bash-tool.ts'
import { createEditTool } from '../tools/builtins/edit-tool.ts'
import { createGlobTool } from '../tools/builtins/glob-tool.ts'
import { createGrepTool } from '../tools/builtins/grep-tool.ts'
import { createReadTool } from '../tools/builtins/read-tool.ts'
import { createWriteTool } from '../tools/builtins/write-tool.ts'

/**
 * The built-in tools a session gets: shell and files, all inside its sandbox. File tools are
 * confined to `workspaceRoot`; Bash starts wherever the shell last `cd`-ed, as a terminal does.
 */
export function createSandboxTools(sandbox: ISandboxClient, workspaceRoot: string): ITool[] {
  const files = { sandbox, cwd: workspaceRoot }
  return [
    createBashTool({ sandbox }),
    createReadTool(files),
    createWriteTool(files),
    createEditTool(files),
    createGlobTool(files),
    createGrepTool(files)
  ]
}
