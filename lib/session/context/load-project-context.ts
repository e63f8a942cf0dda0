import type { ISandboxClient } from '../../../sandbox/sandbox-client.ts'
import { joinPath, parentPath, resolvePosixPath } from '../../tools/builtins/posix-path.ts'
import { readOptionalFile } from '../sandbox-file-reader.ts'
import { extractCompactInstructions } from './compact-instructions.ts'

/** The instruction files a project may carry, in the order they are read in each directory. */
export const CONTEXT_FILE_NAMES = ['AGENTS.md', 'CLAUDE.md'] as const

/** One instruction file found on the walk up from the working directory. */
export type TContextFile = { path: string; kind: (typeof CONTEXT_FILE_NAMES)[number]; content: string }

/** What a project tells the model: its instruction files and the sections taken from them. */
export type TProjectContext = {
  /** Every file found, outermost directory first, so the nearest (most specific) comes last. */
  files: TContextFile[]
  /** Every AGENTS.md joined, outermost first. */
  agentsMd: string
  /** Every CLAUDE.md joined, outermost first. */
  claudeMd: string
  /** The "Compact Instructions" section, passed to the summary call when the session compacts. */
  compactInstructions: string | undefined
}

/** The directories from `/` down to `cwd`, outermost first. */
export function listAncestorDirectories(cwd: string): string[] {
  const directories: string[] = []
  let directory = resolvePosixPath('/', cwd)
  for (;;) {
    directories.unshift(directory)
    if (directory === '/') return directories
    directory = parentPath(directory)
  }
}

/**
 * Walks from the sandbox root down to `cwd` reading AGENTS.md and CLAUDE.md in each directory,
 * the way a monorepo nests instructions: outer files state the general rules, inner ones refine
 * them. Compact Instructions are taken from CLAUDE.md first, then from AGENTS.md.
 */
export async function loadProjectContext(sandbox: ISandboxClient, cwd: string): Promise<TProjectContext> {
  const files: TContextFile[] = []
  for (const directory of listAncestorDirectories(cwd)) {
    for (const kind of CONTEXT_FILE_NAMES) {
      const path = joinPath(directory, kind)
      const content = await readOptionalFile(sandbox, path)
      if (content !== undefined && content.trim() !== '') files.push({ path, kind, content: content.trim() })
    }
  }
  const join = (kind: TContextFile['kind']) =>
    files
      .filter((file) => file.kind === kind)
      .map((file) => file.content)
      .join('\n\n')
  const claudeMd = join('CLAUDE.md')
  const agentsMd = join('AGENTS.md')
  return { files, agentsMd, claudeMd, compactInstructions: extractCompactInstructions(claudeMd) ?? extractCompactInstructions(agentsMd) }
}
