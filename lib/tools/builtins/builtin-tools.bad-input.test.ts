import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../../sandbox/in-memory/in-memory-sandbox-client.ts'
import type { ITool } from '../../core/tool.ts'
import { recordSuiteTotal } from '../../testing/suite-totals.ts'
import { createBashTool } from './bash-tool.ts'
import { createEditTool } from './edit-tool.ts'
import { createGlobTool } from './glob-tool.ts'
import { createGrepTool } from './grep-tool.ts'
import { createReadTool } from './read-tool.ts'
import type { ISearchProvider } from './search-provider.ts'
import { createWebFetchTool } from './web-fetch-tool.ts'
import { createWebSearchTool } from './web-search-tool.ts'
import { createWriteTool } from './write-tool.ts'

// Tool calls a model gets wrong: out-of-range numbers, paths outside the workspace or to the
// wrong kind of file, edits that cannot apply, patterns that cannot run. Each comes back as a
// failed result naming the argument or the path at fault, and the workspace is left unchanged.
// (Wrong JSON types, missing and unknown fields are covered in malformed-arguments.test.ts.)

const SUITE = 'tool argument bad inputs'
const BINARY = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0, 1, 2, 3])

type TBadCall = { tool: string; name: string; parameters: Record<string, unknown>; problem: RegExp }

const CORPUS: TBadCall[] = [
  { tool: 'Bash', name: 'an empty command', parameters: { command: '' }, problem: /Invalid arguments for tool "Bash": command: Too small/ },
  { tool: 'Bash', name: 'a zero timeout', parameters: { command: 'ls', timeout: 0 }, problem: /"Bash": timeout: Too small/ },
  { tool: 'Bash', name: 'a timeout past ten minutes', parameters: { command: 'ls', timeout: 600_001 }, problem: /"Bash": timeout: Too big.*600000/ },
  { tool: 'Bash', name: 'a fractional timeout', parameters: { command: 'ls', timeout: 1.5 }, problem: /"Bash": timeout: Invalid input: expected int/ },
  { tool: 'Bash', name: 'a description past 1000 characters', parameters: { command: 'ls', description: 'd'.repeat(1001) }, problem: /"Bash": description: Too big/ },
  { tool: 'Read', name: 'a path climbing out of the workspace', parameters: { filePath: '../../etc/passwd' }, problem: /The path \.\.\/\.\.\/etc\/passwd resolves to \/etc\/passwd, which is outside the workspace \/workspace/ },
  { tool: 'Read', name: 'an absolute path outside the workspace', parameters: { filePath: '/etc/hostname' }, problem: /The path \/etc\/hostname resolves to \/etc\/hostname, which is outside the workspace/ },
  { tool: 'Read', name: 'a file that does not exist', parameters: { filePath: 'missing.txt' }, problem: /File not found: \/workspace\/missing\.txt/ },
  { tool: 'Read', name: 'a directory', parameters: { filePath: 'src' }, problem: /\/workspace\/src is a directory; use Glob or Bash/ },
  { tool: 'Read', name: 'a binary file', parameters: { filePath: 'image.bin' }, problem: /\/workspace\/image\.bin is a binary file \(12 bytes\); Read only shows text files/ },
  { tool: 'Read', name: 'offset zero', parameters: { filePath: 'notes.txt', offset: 0 }, problem: /"Read": offset: Too small/ },
  { tool: 'Read', name: 'an offset past the end', parameters: { filePath: 'notes.txt', offset: 99 }, problem: /offset 99 is past the end of \/workspace\/notes\.txt, which has 3 lines/ },
  { tool: 'Read', name: 'a zero limit', parameters: { filePath: 'notes.txt', limit: 0 }, problem: /"Read": limit: Too small/ },
  { tool: 'Read', name: 'a NUL in the path', parameters: { filePath: 'notes\0.txt' }, problem: /The path "notes\\u0000\.txt" contains a NUL character/ },
  { tool: 'Write', name: 'a path climbing out of the workspace', parameters: { filePath: '../escape.txt', content: 'x' }, problem: /resolves to \/escape\.txt, which is outside the workspace \/workspace/ },
  { tool: 'Write', name: 'a scratch file outside the workspace', parameters: { filePath: '/tmp/scratch.txt', content: 'x' }, problem: /\/tmp\/scratch\.txt, which is outside the workspace/ },
  { tool: 'Write', name: 'a directory in place of a file', parameters: { filePath: 'src', content: 'x' }, problem: /\/workspace\/src is a directory, not a file/ },
  { tool: 'Write', name: 'a file under a file', parameters: { filePath: 'notes.txt/child.txt', content: 'x' }, problem: /Could not write \/workspace\/notes\.txt\/child\.txt \(a parent of \/workspace\/notes\.txt\/child\.txt is a file, not a directory\)/ },
  { tool: 'Write', name: 'an empty path', parameters: { filePath: '', content: 'x' }, problem: /"Write": filePath: Too small/ },
  { tool: 'Edit', name: 'an empty oldString', parameters: { filePath: 'notes.txt', oldString: '', newString: 'x' }, problem: /oldString is empty; give the exact text to replace, or use Write/ },
  { tool: 'Edit', name: 'a change to the same text', parameters: { filePath: 'notes.txt', oldString: 'beta', newString: 'beta' }, problem: /oldString and newString are the same, so there is nothing to change/ },
  { tool: 'Edit', name: 'text that is not in the file', parameters: { filePath: 'notes.txt', oldString: 'gamma', newString: 'x' }, problem: /oldString was not found in \/workspace\/notes\.txt\. Read the file and copy the text exactly/ },
  { tool: 'Edit', name: 'ambiguous text', parameters: { filePath: 'notes.txt', oldString: 'alpha', newString: 'x' }, problem: /oldString occurs 2 times in \/workspace\/notes\.txt; add surrounding lines to make it unique, or set replaceAll/ },
  { tool: 'Edit', name: 'a file that does not exist', parameters: { filePath: 'new.txt', oldString: 'a', newString: 'b' }, problem: /File not found: \/workspace\/new\.txt\. Edit changes existing files; use Write to create one/ },
  { tool: 'Edit', name: 'a binary file', parameters: { filePath: 'image.bin', oldString: 'PNG', newString: 'JPG' }, problem: /\/workspace\/image\.bin is a binary file; Edit only changes text files/ },
  { tool: 'Edit', name: 'a file outside the workspace', parameters: { filePath: '/etc/passwd', oldString: 'root', newString: 'x' }, problem: /\/etc\/passwd, which is outside the workspace/ },
  { tool: 'Glob', name: 'a directory that does not exist', parameters: { pattern: '*.ts', path: 'missing' }, problem: /Directory not found: \/workspace\/missing/ },
  { tool: 'Glob', name: 'a file as the directory', parameters: { pattern: '*.ts', path: 'notes.txt' }, problem: /\/workspace\/notes\.txt is not a directory/ },
  { tool: 'Glob', name: 'an absolute pattern elsewhere', parameters: { pattern: '/etc/*' }, problem: /The pattern \/etc\/\* is outside \/workspace; give a pattern relative to it/ },
  { tool: 'Glob', name: 'a pattern climbing out', parameters: { pattern: '../**/*' }, problem: /The pattern \.\.\/\*\*\/\* reaches outside \/workspace/ },
  { tool: 'Glob', name: 'a directory outside the workspace', parameters: { pattern: '*', path: '../..' }, problem: /The path \.\.\/\.\. resolves to \/, which is outside the workspace/ },
  { tool: 'Grep', name: 'a catastrophic pattern', parameters: { pattern: '(a+)+$' }, problem: /The pattern's group .* repeats something that itself repeats.*rewrite it without nested repetition/ },
  { tool: 'Grep', name: 'an invalid regular expression', parameters: { pattern: '[unclosed' }, problem: /Invalid regular expression: .*\[unclosed/ },
  { tool: 'Grep', name: 'a path that does not exist', parameters: { pattern: 'x', path: 'missing' }, problem: /File not found: \/workspace\/missing/ },
  { tool: 'Grep', name: 'a limit past 1000', parameters: { pattern: 'x', limit: 5000 }, problem: /"Grep": limit: Too big/ },
  { tool: 'WebFetch', name: 'a file: URL', parameters: { url: 'file:///etc/passwd' }, problem: /"WebFetch": url: must be an absolute http:\/\/ or https:\/\/ URL/ },
  { tool: 'WebFetch', name: 'a relative URL', parameters: { url: '/docs/index.html' }, problem: /"WebFetch": url: must be an absolute http:\/\/ or https:\/\/ URL/ },
  { tool: 'WebFetch', name: 'a javascript: URL', parameters: { url: 'javascript:alert(document.cookie)' }, problem: /"WebFetch": url: must be an absolute/ },
  { tool: 'WebSearch', name: 'a one-letter query', parameters: { query: 'a' }, problem: /"WebSearch": query: Too small/ },
  { tool: 'WebSearch', name: 'zero results', parameters: { query: 'robota', count: 0 }, problem: /"WebSearch": count: Too small/ },
  { tool: 'WebSearch', name: 'more than 20 results', parameters: { query: 'robota', count: 21 }, problem: /"WebSearch": count: Too big/ },
  { tool: 'WebSearch', name: 'more than 20 allowed domains', parameters: { query: 'robota', allowedDomains: Array.from({ length: 21 }, (_, index) => `d${index}.example`) }, problem: /"WebSearch": allowedDomains: Too big/ },
  { tool: 'WebSearch', name: 'an empty blocked domain', parameters: { query: 'robota', blockedDomains: [''] }, problem: /"WebSearch": blockedDomains\[0\]: Too small/ }
]

function createTools(sandbox: InMemorySandboxClient, reached: string[]): Map<string, ITool> {
  const options = { sandbox, cwd: '/workspace' }
  const search: ISearchProvider = {
    name: 'recording',
    search: async (query) => {
      reached.push(`search ${query}`)
      return []
    }
  }
  const fetchRecorder: typeof fetch = async (input) => {
    reached.push(`fetch ${String(input)}`)
    return new Response('unexpected')
  }
  const tools = [
    createBashTool(options),
    createReadTool(options),
    createWriteTool(options),
    createEditTool(options),
    createGlobTool(options),
    createGrepTool(options),
    createWebFetchTool({ fetch: fetchRecorder }),
    createWebSearchTool({ provider: search })
  ]
  return new Map(tools.map((tool) => [tool.schema.name, tool]))
}

describe('built-in tools refuse bad arguments with a clear error and change nothing', () => {
  it('holds at least 30 bad calls across all eight built-ins', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(30)
    expect(new Set(CORPUS.map((entry) => entry.tool)).size).toBe(8)
  })

  it.each(CORPUS)('$tool: $name', async ({ tool: toolName, parameters, problem }) => {
    const sandbox = new InMemorySandboxClient({
      files: { 'notes.txt': 'alpha\nbeta\nalpha\n', 'src/app.ts': 'export const answer = 42\n', 'image.bin': BINARY }
    })
    const reached: string[] = []
    const tool = createTools(sandbox, reached).get(toolName)
    if (!tool) throw new Error(`No tool ${toolName}`)
    const before = await sandbox.snapshot()

    const result = await tool.execute(parameters, { toolCallId: 'call_bad' })

    expect(result.success).toBe(false)
    expect(result.error).toMatch(problem)
    expect(result.error?.length).toBeLessThan(2000)
    expect(await sandbox.snapshot()).toEqual(before)
    expect(reached).toEqual([])
    recordSuiteTotal(SUITE, 'badInputs')
  })
})

describe('sandbox tools made without a sandbox', () => {
  it.each([
    ['no options', undefined, 'none'],
    ['no sandbox', {}, 'none'],
    ['something that is no sandbox', { sandbox: { files: {} } }, 'an object that is not one']
  ])('refuse %s where they are made, naming what they need', (_name, options, got) => {
    for (const create of [createBashTool, createReadTool, createWriteTool]) {
      expect(() => create(options as never)).toThrow(`A sandbox tool needs { sandbox }, a sandbox client such as new InMemorySandboxClient(); got ${got}.`)
    }
  })
})
