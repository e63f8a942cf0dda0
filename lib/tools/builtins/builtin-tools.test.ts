import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { createBashTool } from './bash-tool.ts'
import { createReadTool } from './read-tool.ts'

const context = { toolCallId: 'call_1' }

describe('Bash tool', () => {
  it('runs the command in the sandbox and returns its output', async () => {
    const sandbox = new InMemorySandboxClient({ files: { 'notes.txt': 'b\na\n' } })
    const result = await createBashTool(sandbox).execute({ command: 'sort notes.txt | head -1' }, context)
    expect(result).toMatchObject({ success: true, data: { success: true, output: 'a\n', exitCode: 0 } })
  })

  it('reports a non-zero exit with its stderr as a failed result, not a throw', async () => {
    const sandbox = new InMemorySandboxClient()
    const result = await createBashTool(sandbox).execute({ command: 'echo nope >&2; exit 4' }, context)
    expect(result.success).toBe(false)
    expect(result.error).toBe('Command exited with code 4')
    expect(result.data).toMatchObject({ exitCode: 4, output: 'nope\n' })
  })

  it('rejects a missing command before touching the sandbox', async () => {
    const result = await createBashTool(new InMemorySandboxClient()).execute({}, context)
    expect(result.success).toBe(false)
    expect(result.error).toMatch(/Invalid arguments for tool "Bash": command:/)
  })
})

describe('Read tool', () => {
  const sandbox = new InMemorySandboxClient({ files: { 'README.md': '# Title\nline two\nline three\n' } })

  it('returns numbered lines', async () => {
    const result = await createReadTool(sandbox).execute({ filePath: 'README.md' }, context)
    expect(result.data).toMatchObject({ success: true, output: '     1\t# Title\n     2\tline two\n     3\tline three' })
  })

  it('honours offset and limit', async () => {
    const result = await createReadTool(sandbox).execute({ filePath: '/workspace/README.md', offset: 2, limit: 1 }, context)
    expect(result.data).toMatchObject({ output: '     2\tline two' })
  })

  it('names the missing file', async () => {
    const result = await createReadTool(sandbox).execute({ filePath: 'missing.md' }, context)
    expect(result.success).toBe(false)
    expect(result.error).toMatch(/missing\.md/)
  })
})
