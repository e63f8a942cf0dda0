import type { ISandboxClient } from '../../../sandbox/sandbox-client.ts'
import { joinPath } from './posix-path.ts'

/** Directories a search passes over unless its pattern names them: huge, and rarely what is sought. */
export const SKIPPED_DIRECTORY_NAMES: readonly string[] = ['.git', 'node_modules']

/** How a walk is bounded. */
export type TWalkOptions = {
  /** Stop after listing this many entries. */
  maxEntries: number
  /** Directory names not descended into. */
  skippedDirectoryNames: readonly string[]
  signal?: AbortSignal
}

/** The files a walk found, absolute, in depth-first name order. */
export type TWalkResult = { files: string[]; truncated: boolean }

/**
 * Lists every file below `directory` through the sandbox's `readdir`, depth first in name order.
 * Symbolic links are reported as files and never followed, so a link cycle cannot trap the walk; a
 * directory that cannot be listed is passed over.
 */
export async function walkSandboxFiles(sandbox: ISandboxClient, directory: string, options: TWalkOptions): Promise<TWalkResult> {
  const files: string[] = []
  const pending = [directory]
  let visited = 0
  while (pending.length > 0) {
    if (options.signal?.aborted) return { files, truncated: true }
    const current = pending.pop() as string
    const entries = await sandbox.readdir(current).catch(() => [])
    const subdirectories: string[] = []
    for (const entry of entries) {
      if (++visited > options.maxEntries) return { files, truncated: true }
      const path = joinPath(current, entry.name)
      if (entry.type !== 'directory') files.push(path)
      else if (!options.skippedDirectoryNames.includes(entry.name)) subdirectories.push(path)
    }
    pending.push(...subdirectories.reverse())
  }
  return { files, truncated: false }
}

/** The default skipped directories, minus any the given patterns mention by name. */
export function skippedDirectoriesFor(...patterns: Array<string | undefined>): string[] {
  return SKIPPED_DIRECTORY_NAMES.filter((name) => !patterns.some((pattern) => pattern?.includes(name)))
}
