import * as z from 'zod'
import type { ISandboxClient } from '../../../sandbox/sandbox-client.ts'
import { BuiltinTool } from './builtin-tool.ts'
import { loadPicomatch } from './load-picomatch.ts'
import { MAX_PATH_CHARACTERS, MAX_PATTERN_CHARACTERS } from './limits.ts'
import { isPathWithin, relativePath, resolvePosixPath } from './posix-path.ts'
import { SandboxWorkspace } from './sandbox-workspace.ts'
import type { TSandboxToolOptions } from './sandbox-workspace.ts'
import { describeSandboxFailure, ToolFailure } from './tool-failure.ts'
import type { TToolResult } from './tool-result.ts'
import { skippedDirectoriesFor, walkSandboxFiles } from './walk-sandbox-files.ts'

/** How many paths Glob returns at most. */
export const GLOB_MAX_RESULTS = 100
const MAX_WALKED_ENTRIES = 100_000
const MAX_STATTED_MATCHES = 5000
const STAT_CONCURRENCY = 32

const globParameters = z.strictObject({
  pattern: z.string().min(1).max(MAX_PATTERN_CHARACTERS).describe('Glob pattern such as "**/*.ts" or "src/**/index.{js,ts}"'),
  path: z.string().min(1).max(MAX_PATH_CHARACTERS).optional().describe('Directory to search in (default: the workspace)')
})

/**
 * The `Glob` tool: files whose path (relative to the searched directory) matches a glob, found
 * by walking the sandbox with `readdir` and matched with picomatch, newest first by modification
 * time. `.git` and `node_modules` are passed over unless the pattern names them.
 */
export function createGlobTool(options: TSandboxToolOptions): BuiltinTool<typeof globParameters> {
  const workspace = new SandboxWorkspace(options)
  return new BuiltinTool(
    'Glob',
    `Finds files in the workspace whose path matches a glob pattern; returns up to ${GLOB_MAX_RESULTS} paths, most recently modified first.`,
    globParameters,
    async ({ pattern, path }, context): Promise<TToolResult> => {
      const directory = await workspace.resolve(path ?? '.')
      await requireDirectory(workspace.sandbox, directory)
      const relativePattern = toRelativePattern(pattern, directory)
      const picomatch = await loadPicomatch()
      const isMatch = picomatch(relativePattern, { dot: false, windows: false })
      const scanBase = picomatch.scan(relativePattern).base
      const start = scanBase === '' ? directory : resolvePosixPath(directory, scanBase)
      if (!isPathWithin(start, directory)) throw new ToolFailure(`The pattern ${pattern} reaches outside ${directory}.`)
      const walked = await walkSandboxFiles(workspace.sandbox, start, {
        maxEntries: MAX_WALKED_ENTRIES,
        skippedDirectoryNames: skippedDirectoriesFor(pattern),
        ...(context.signal ? { signal: context.signal } : {})
      })
      const matches = walked.files.filter((file) => isMatch(relativePath(file, directory)))
      if (matches.length === 0) return { success: true, output: `No files match ${pattern} in ${directory}.` }
      const newestFirst = await sortByModificationTime(workspace.sandbox, matches.slice(0, MAX_STATTED_MATCHES))
      const shown = newestFirst.slice(0, GLOB_MAX_RESULTS)
      const notes: string[] = []
      if (matches.length > shown.length) notes.push(`(showing ${shown.length} of ${matches.length} matches; narrow the pattern or path)`)
      if (walked.truncated) notes.push(`(the search stopped after ${MAX_WALKED_ENTRIES} entries; narrow the path)`)
      return { success: true, output: [...shown, ...notes].join('\n') }
    }
  )
}

async function requireDirectory(sandbox: ISandboxClient, directory: string): Promise<void> {
  const stat = await sandbox.stat(directory).catch((error: unknown) => {
    throw new ToolFailure(describeSandboxFailure(error, directory).replace('file not found', 'directory not found'))
  })
  if (stat.type !== 'directory') throw new ToolFailure(`${directory} is not a directory.`)
}

// An absolute pattern inside the searched directory is made relative to it; one elsewhere is refused.
function toRelativePattern(pattern: string, directory: string): string {
  if (!pattern.startsWith('/')) return pattern
  const prefix = directory === '/' ? '/' : `${directory}/`
  if (!pattern.startsWith(prefix)) throw new ToolFailure(`The pattern ${pattern} is outside ${directory}; give a pattern relative to it.`)
  return pattern.slice(prefix.length)
}

async function sortByModificationTime(sandbox: ISandboxClient, paths: string[]): Promise<string[]> {
  const stamped: Array<{ path: string; mtimeMs: number }> = []
  for (let index = 0; index < paths.length; index += STAT_CONCURRENCY) {
    const batch = paths.slice(index, index + STAT_CONCURRENCY)
    const times = await Promise.all(batch.map((path) => sandbox.stat(path).then((stat) => stat.mtimeMs, () => 0)))
    batch.forEach((path, offset) => stamped.push({ path, mtimeMs: times[offset] ?? 0 }))
  }
  stamped.sort((left, right) => right.mtimeMs - left.mtimeMs || (left.path < right.path ? -1 : left.path > right.path ? 1 : 0))
  return stamped.map((entry) => entry.path)
}
