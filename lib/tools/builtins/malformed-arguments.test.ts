import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../../sandbox/in-memory/in-memory-sandbox-client.ts'
import type { ISandboxClient } from '../../../sandbox/sandbox-client.ts'
import { Robota } from '../../core/robota.ts'
import type { ITool } from '../../core/tool.ts'
import { ScriptedProvider } from '../../testing/scripted-provider.ts'
import { createBashTool } from './bash-tool.ts'
import { createEditTool } from './edit-tool.ts'
import { FailingSandbox } from './failing-sandbox.fixtures.ts'
import { createGlobTool } from './glob-tool.ts'
import { createGrepTool } from './grep-tool.ts'
import { MAX_CONTENT_CHARACTERS, MAX_PATH_CHARACTERS, MAX_PATTERN_CHARACTERS } from './limits.ts'
import { createReadTool } from './read-tool.ts'
import type { ISearchProvider } from './search-provider.ts'
import { createWebFetchTool } from './web-fetch-tool.ts'
import { createWebSearchTool } from './web-search-tool.ts'
import { createWriteTool } from './write-tool.ts'

// Everything a tool could touch records the call, so a test can prove validation came first.
const touched: string[] = []
const sandbox: ISandboxClient = new Proxy(new InMemorySandboxClient(), {
  get(target, property, receiver) {
    const value: unknown = Reflect.get(target, property, receiver)
    if (typeof value !== 'function') return value
    return (...parameters: unknown[]) => {
      touched.push(`sandbox.${String(property)}`)
      return (value as (...values: unknown[]) => unknown).apply(target, parameters)
    }
  }
})
const recordingFetch: typeof fetch = async (input) => {
  touched.push(`fetch ${String(input)}`)
  return new Response('unexpected')
}
const searchProvider: ISearchProvider = {
  name: 'recording',
  search: async (query) => {
    touched.push(`search ${query}`)
    return []
  }
}

const options = { sandbox, cwd: '/workspace' }
const huge = (length: number): string => 'x'.repeat(length + 1)

type TTable = { tool: ITool; valid: Record<string, unknown>; wrongType: [string, unknown]; huge: [string, string] }

const table: Record<string, TTable> = {
  Bash: { tool: createBashTool(options), valid: { command: 'ls' }, wrongType: ['command', 42], huge: ['command', huge(100_000)] },
  Read: { tool: createReadTool(options), valid: { filePath: 'a.txt' }, wrongType: ['offset', '10'], huge: ['filePath', huge(MAX_PATH_CHARACTERS)] },
  Write: {
    tool: createWriteTool(options),
    valid: { filePath: 'a.txt', content: 'x' },
    wrongType: ['content', { text: 'x' }],
    huge: ['content', huge(MAX_CONTENT_CHARACTERS)]
  },
  Edit: {
    tool: createEditTool(options),
    valid: { filePath: 'a.txt', oldString: 'a', newString: 'b' },
    wrongType: ['replaceAll', 'yes'],
    huge: ['oldString', huge(MAX_CONTENT_CHARACTERS)]
  },
  Glob: { tool: createGlobTool(options), valid: { pattern: '*.ts' }, wrongType: ['pattern', ['*.ts']], huge: ['pattern', huge(MAX_PATTERN_CHARACTERS)] },
  Grep: { tool: createGrepTool(options), valid: { pattern: 'x' }, wrongType: ['outputMode', 'lines'], huge: ['include', huge(MAX_PATTERN_CHARACTERS)] },
  WebFetch: {
    tool: createWebFetchTool({ fetch: recordingFetch }),
    valid: { url: 'https://example.com/' },
    wrongType: ['url', 'ftp://example.com/file'],
    huge: ['url', `https://example.com/${huge(8192)}`]
  },
  WebSearch: {
    tool: createWebSearchTool({ provider: searchProvider }),
    valid: { query: 'robota sdk' },
    wrongType: ['count', 'ten'],
    huge: ['query', huge(400)]
  }
}

type TCase = { name: string; kind: string; parameters: unknown; problem: RegExp }

const cases: TCase[] = Object.entries(table).flatMap(([name, entry]) => {
  const required = Object.keys(entry.valid)
  return [
    { name, kind: 'wrong type', parameters: { ...entry.valid, [entry.wrongType[0]]: entry.wrongType[1] }, problem: new RegExp(`${entry.wrongType[0]}: `) },
    { name, kind: 'missing fields', parameters: {}, problem: new RegExp(required.map((key) => `${key}: `).join('.*')) },
    { name, kind: 'extra field', parameters: { ...entry.valid, sudo: true }, problem: /\(root\): Unrecognized key: "sudo"/ },
    { name, kind: 'huge string', parameters: { ...entry.valid, [entry.huge[0]]: entry.huge[1] }, problem: new RegExp(`${entry.huge[0]}: Too big`) },
    { name, kind: 'wrong JSON', parameters: { invalidJsonArguments: '{"oops": ' }, problem: /\(root\): the arguments are not a valid JSON object: "\{\\"oops\\": "/ },
    { name, kind: 'an array', parameters: [entry.valid], problem: /\(root\): the arguments must be a JSON object, received an array/ },
    { name, kind: 'null', parameters: null, problem: /\(root\): the arguments must be a JSON object, received null/ }
  ]
})

describe('every built-in, fed malformed arguments', () => {
  it('covers all eight built-ins', () => {
    expect(new Set(cases.map((entry) => entry.name))).toEqual(new Set(['Bash', 'Read', 'Write', 'Edit', 'Glob', 'Grep', 'WebFetch', 'WebSearch']))
  })

  it.each(cases)('$name: $kind comes back as a validation result, before anything runs', async ({ name, parameters, problem }) => {
    touched.length = 0
    const tool = (table[name] as TTable).tool
    const result = await tool.execute(parameters as Record<string, unknown>, { toolCallId: 'call_1' })
    expect(result.success).toBe(false)
    expect(result.metadata).toMatchObject({ errorCode: 'invalid_arguments' })
    expect(result.error).toMatch(new RegExp(`^Invalid arguments for tool "${name}": `))
    expect(result.error).toMatch(problem)
    expect(result.error).toMatch(/Correct the arguments and call the tool again\.$/)
    expect(result.error?.length).toBeLessThan(2000)
    expect(touched).toEqual([])
  })
})

describe('a malformed call inside the agent loop', () => {
  it('reaches the model as a validation message, and the loop carries on to the corrected call', async () => {
    const workspace = new InMemorySandboxClient({ files: { 'notes.txt': 'hello\n' } })
    const provider = new ScriptedProvider([
      { toolCalls: [{ name: 'Bash', arguments: { command: 42 } }, { name: 'Read', arguments: { invalidJsonArguments: '{"filePath": ' } }] },
      { toolCalls: [{ name: 'Read', arguments: { filePath: 'notes.txt' } }] },
      { text: 'Done.' }
    ])
    const agent = new Robota({
      name: 'validator',
      aiProviders: [provider],
      defaultModel: { provider: provider.name, model: 'scripted' },
      tools: [createBashTool({ sandbox: workspace }), createReadTool({ sandbox: workspace })]
    })
    const result = await agent.run('Read the notes')
    expect(result.response).toBe('Done.')
    const toolMessages = result.history.filter((message) => message.role === 'tool').map((message) => message.content)
    expect(toolMessages).toHaveLength(3)
    expect(toolMessages[0]).toMatch(/^Error: Invalid arguments for tool "Bash": command: Invalid input: expected string, received number/)
    expect(toolMessages[1]).toMatch(/^Error: Invalid arguments for tool "Read": \(root\): the arguments are not a valid JSON object/)
    expect(toolMessages[2]).toContain('hello')
  })

  it('turns a sandbox that fails mid-call into a failed result, never a throw', async () => {
    const failing = new FailingSandbox(new InMemorySandboxClient(), 'rename')
    const result = await createWriteTool({ sandbox: failing, cwd: '/workspace' }).execute({ filePath: 'x.txt', content: 'x' }, { toolCallId: 'call_1' })
    expect(result).toMatchObject({ success: false, data: { success: false, output: '' } })
    expect(result.error).toMatch(/^Could not write \/workspace\/x\.txt \(rename .*input\/output error\); the file was left unchanged\.$/)
  })
})
