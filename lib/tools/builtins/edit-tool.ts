import * as z from 'zod'
import { isSandboxError } from '../../../sandbox/sandbox-client.ts'
import { writeFileAtomically } from './atomic-write.ts'
import { BuiltinTool } from './builtin-tool.ts'
import { diffTextLines } from './line-diff.ts'
import { MAX_CONTENT_CHARACTERS, MAX_PATH_CHARACTERS } from './limits.ts'
import { SandboxWorkspace } from './sandbox-workspace.ts'
import type { TSandboxToolOptions } from './sandbox-workspace.ts'
import { decodeTextContent } from './text-content.ts'
import { describeSandboxFailure, ToolFailure } from './tool-failure.ts'
import type { TToolResult } from './tool-result.ts'

const editParameters = z.strictObject({
  filePath: z.string().min(1).max(MAX_PATH_CHARACTERS).describe('Path of the file to edit, absolute or relative to the workspace'),
  oldString: z.string().max(MAX_CONTENT_CHARACTERS).describe('The exact text to replace; it must occur once unless replaceAll is set'),
  newString: z.string().max(MAX_CONTENT_CHARACTERS).describe('The text to put in its place'),
  replaceAll: z.boolean().default(false).describe('Replace every occurrence instead of exactly one')
})

/**
 * The `Edit` tool: replaces an exact string in a file, which must occur exactly once unless
 * `replaceAll` is set, and writes the result atomically. The result's `startLine` is the line
 * where the first replacement begins in the original file; its `diff` shows the change.
 */
export function createEditTool(options: TSandboxToolOptions): BuiltinTool<typeof editParameters> {
  const workspace = new SandboxWorkspace(options)
  return new BuiltinTool(
    'Edit',
    'Replaces an exact string in a file. oldString must match exactly once (include surrounding lines to make it unique) unless replaceAll is true.',
    editParameters,
    async ({ filePath, oldString: givenOld, newString: givenNew, replaceAll }): Promise<TToolResult> => {
      if (givenOld === '') return failure('oldString is empty; give the exact text to replace, or use Write to create a file.')
      if (givenOld === givenNew) return failure('oldString and newString are the same, so there is nothing to change.')
      const path = await workspace.resolve(filePath)
      const original = await readText(workspace, path)
      const { oldString, newString } = inFileLineEndings(original, givenOld, givenNew)
      const occurrences = original.split(oldString).length - 1
      if (occurrences === 0) {
        return failure(`oldString was not found in ${path}. Read the file and copy the text exactly, including whitespace.`)
      }
      if (occurrences > 1 && !replaceAll) {
        return failure(`oldString occurs ${occurrences} times in ${path}; add surrounding lines to make it unique, or set replaceAll.`)
      }
      const startLine = original.slice(0, original.indexOf(oldString)).split('\n').length
      // A replacer function, because a replacement string would give `$&` and `$1` in newString a meaning.
      const updated = replaceAll ? original.split(oldString).join(newString) : original.replace(oldString, () => newString)
      const outcome = await writeFileAtomically(workspace.sandbox, path, updated)
      const count = replaceAll ? occurrences : 1
      const note = outcome.warning === undefined ? '' : ` ${outcome.warning}`
      return {
        success: true,
        output: `Replaced ${count} occurrence${count === 1 ? '' : 's'} in ${path}, starting at line ${startLine}.${note}`,
        startLine,
        diff: { file: path, lines: diffTextLines(original, updated) }
      }
    }
  )
}

// Read shows a CRLF file's lines without their CR, so the model's strings have LF line ends: in a
// file that has none of them as given, they are matched, and written, with the file's CRLF.
function inFileLineEndings(original: string, oldString: string, newString: string): { oldString: string; newString: string } {
  if (!oldString.includes('\n') || original.includes(oldString) || !original.includes('\r\n')) return { oldString, newString }
  const toCrlf = (text: string) => text.replace(/\r?\n/g, '\r\n')
  return { oldString: toCrlf(oldString), newString: toCrlf(newString) }
}

function failure(error: string): TToolResult {
  return { success: false, output: '', error }
}

async function readText(workspace: SandboxWorkspace, path: string): Promise<string> {
  let bytes: Uint8Array
  try {
    bytes = await workspace.sandbox.readFile(path, { encoding: 'bytes' })
  } catch (error) {
    const missing = isSandboxError(error) && error.code === 'SANDBOX_NOT_FOUND'
    const hint = missing ? ' Edit changes existing files; use Write to create one.' : ''
    throw new ToolFailure(`${describeSandboxFailure(error, path)}.${hint}`)
  }
  const text = decodeTextContent(bytes)
  if (text === undefined) throw new ToolFailure(`${path} is a binary file; Edit only changes text files.`)
  return text
}
