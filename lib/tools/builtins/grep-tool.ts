import * as z from 'zod'
import { BuiltinTool } from './builtin-tool.ts'
import { loadPicomatch } from './load-picomatch.ts'
import { findCatastrophicGroup } from './catastrophic-pattern.ts'
import { MAX_PATH_CHARACTERS, MAX_PATTERN_CHARACTERS } from './limits.ts'
import { relativePath } from './posix-path.ts'
import { SandboxWorkspace } from './sandbox-workspace.ts'
import type { TSandboxToolOptions } from './sandbox-workspace.ts'
import { decodeTextContent, sliceHead, splitLines } from './text-content.ts'
import { describeSandboxFailure, ToolFailure } from './tool-failure.ts'
import type { TToolResult } from './tool-result.ts'
import { truncateMiddle } from './truncate-middle.ts'
import { skippedDirectoriesFor, walkSandboxFiles } from './walk-sandbox-files.ts'
import { describeError } from '../../core/describe-error.ts'

/** Files larger than this are passed over (and counted as skipped). */
export const GREP_MAX_FILE_BYTES = 10 * 1024 * 1024
/** Only this many characters of each line are searched, bounding the work one line can cost. */
export const GREP_MAX_SEARCHED_LINE_CHARACTERS = 20_000
const MAX_SHOWN_LINE_CHARACTERS = 500
const MAX_OUTPUT_CHARACTERS = 30_000
const MAX_WALKED_ENTRIES = 100_000
const TIME_BUDGET_MS = 30_000

const grepParameters = z.strictObject({
  pattern: z.string().min(1).max(MAX_PATTERN_CHARACTERS).describe('JavaScript regular expression to search for'),
  path: z.string().min(1).max(MAX_PATH_CHARACTERS).optional().describe('File or directory to search (default: the workspace)'),
  include: z.string().min(1).max(MAX_PATTERN_CHARACTERS).optional().describe('Glob the file paths must match, such as "*.ts" or "src/**/*.{js,jsx}"'),
  outputMode: z.enum(['content', 'files', 'count']).default('files').describe('content: matching lines; files: matching file paths (default); count: matches per file'),
  caseInsensitive: z.boolean().default(false).describe('Ignore case'),
  limit: z.number().int().min(1).max(1000).default(250).describe('Most lines (content) or files (files, count) to return')
})

type TFileMatches = { path: string; lines: Array<{ number: number; text: string }> }

/**
 * The `Grep` tool: a regular expression over the text files of the sandbox, filtered by an
 * include glob, reporting matching lines, files or counts. Patterns with nested repetition are
 * refused, huge and binary files are passed over, and long lines are searched only in their head.
 */
export function createGrepTool(options: TSandboxToolOptions): BuiltinTool<typeof grepParameters> {
  const workspace = new SandboxWorkspace(options)
  return new BuiltinTool(
    'Grep',
    'Searches the text files of the workspace for a regular expression; returns matching files (default), lines with numbers, or counts.',
    grepParameters,
    async ({ pattern, path, include, outputMode, caseInsensitive, limit }, context): Promise<TToolResult> => {
      const expression = compile(pattern, caseInsensitive)
      const target = await workspace.resolve(path ?? '.')
      const stat = await workspace.sandbox.stat(target).catch((error: unknown) => {
        throw new ToolFailure(describeSandboxFailure(error, target))
      })
      const base = stat.type === 'directory' ? target : target.slice(0, target.lastIndexOf('/')) || '/'
      const walked =
        stat.type === 'directory'
          ? await walkSandboxFiles(workspace.sandbox, target, {
              maxEntries: MAX_WALKED_ENTRIES,
              skippedDirectoryNames: skippedDirectoriesFor(path, include),
              ...(context.signal ? { signal: context.signal } : {})
            })
          : { files: [target], truncated: false }
      const isIncluded = include === undefined ? () => true : (await loadPicomatch())(include, { dot: true, basename: true, windows: false })
      const deadline = Date.now() + TIME_BUDGET_MS
      const found: TFileMatches[] = []
      const notes: string[] = []
      let skipped = 0
      for (const file of walked.files) {
        if (!isIncluded(relativePath(file, base))) continue
        if (Date.now() > deadline || context.signal?.aborted) {
          notes.push('(the search stopped early: time budget used up or interrupted; narrow the path or include)')
          break
        }
        const text = await readSearchableText(workspace, file)
        if (text === undefined) {
          skipped++
          continue
        }
        const lines = splitLines(text).flatMap((line, index) =>
          expression.test(sliceHead(line, GREP_MAX_SEARCHED_LINE_CHARACTERS)) ? [{ number: index + 1, text: line }] : []
        )
        if (lines.length > 0) found.push({ path: file, lines })
      }
      if (walked.truncated) notes.push(`(the search stopped after ${MAX_WALKED_ENTRIES} entries; narrow the path)`)
      if (skipped > 0) notes.push(`(${skipped} binary or oversized file${skipped === 1 ? '' : 's'} skipped)`)
      if (found.length === 0) return { success: true, output: [`No matches for ${pattern} in ${target}.`, ...notes].join('\n') }
      const report = formatMatches(found, outputMode, limit)
      return { success: true, output: truncateMiddle([...report, ...notes].join('\n'), MAX_OUTPUT_CHARACTERS) }
    }
  )
}

function compile(pattern: string, caseInsensitive: boolean): RegExp {
  const catastrophic = findCatastrophicGroup(pattern)
  if (catastrophic !== undefined) {
    throw new ToolFailure(
      `The pattern's group ${catastrophic} repeats something that itself repeats, which can take exponential time; rewrite it without nested repetition.`
    )
  }
  try {
    return new RegExp(pattern, caseInsensitive ? 'i' : '')
  } catch (error) {
    // V8 words it "Invalid regular expression: /(/: …" already; other engines do not.
    const reason = describeError(error)
    throw new ToolFailure(reason.startsWith('Invalid regular expression') ? reason : `Invalid regular expression: ${reason}`)
  }
}

// Unreadable, binary and oversized files read as undefined: a search reports them as skipped.
async function readSearchableText(workspace: SandboxWorkspace, path: string): Promise<string | undefined> {
  try {
    const stat = await workspace.sandbox.stat(path)
    if (stat.type !== 'file' || stat.size > GREP_MAX_FILE_BYTES) return undefined
    return decodeTextContent(await workspace.sandbox.readFile(path, { encoding: 'bytes' }))
  } catch {
    return undefined
  }
}

function formatMatches(found: TFileMatches[], outputMode: 'content' | 'files' | 'count', limit: number): string[] {
  const total = found.reduce((sum, file) => sum + file.lines.length, 0)
  if (outputMode === 'content') {
    const lines = found.flatMap((file) => file.lines.map((line) => `${file.path}:${line.number}:${showLine(line.text)}`))
    const more = lines.length > limit ? [`(showing ${limit} of ${lines.length} matching lines)`] : []
    return [...lines.slice(0, limit), ...more]
  }
  const entries = found.map((file) => (outputMode === 'files' ? file.path : `${file.path}:${file.lines.length}`))
  const summary = outputMode === 'count' ? [`${total} matching line${total === 1 ? '' : 's'} in ${found.length} file${found.length === 1 ? '' : 's'}`] : []
  const more = entries.length > limit ? [`(showing ${limit} of ${entries.length} files)`] : []
  return [...summary, ...entries.slice(0, limit), ...more]
}

function showLine(text: string): string {
  return text.length <= MAX_SHOWN_LINE_CHARACTERS ? text : `${sliceHead(text, MAX_SHOWN_LINE_CHARACTERS)}… [line cut: ${text.length} characters]`
}
