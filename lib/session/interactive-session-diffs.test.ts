import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { ScriptedProvider } from '../testing/scripted-provider.ts'
import { InteractiveSession } from './interactive-session.ts'
import type { IToolState } from './interactive-session-types.ts'

describe('InteractiveSession tool states', () => {
  it('carry the lines Edit and Write changed, and the file, when the call ends', async () => {
    const provider = new ScriptedProvider([
      {
        toolCalls: [
          { name: 'Edit', arguments: { filePath: 'notes.txt', oldString: 'two', newString: 'TWO' } },
          { name: 'Write', arguments: { filePath: 'new.txt', content: 'hello\n' } },
          { name: 'Bash', arguments: { command: 'true' } }
        ]
      },
      { text: 'Done.' }
    ])
    const sandbox = new InMemorySandboxClient({ files: { 'notes.txt': 'one\ntwo\nthree\n' }, cwd: '/workspace' })
    const session = new InteractiveSession({ provider, sandbox, cwd: '/workspace', permissionMode: 'bypassPermissions' })
    const ended: IToolState[] = []
    session.on('tool_end', (state) => ended.push(state))
    await session.submit('tidy up')

    expect(ended.map(({ toolName, diffFile, diffLines }) => ({ toolName, diffFile, diffLines }))).toEqual([
      {
        toolName: 'Edit',
        diffFile: '/workspace/notes.txt',
        diffLines: [
          { type: 'context', content: 'one', lineNumber: 1 },
          { type: 'remove', content: 'two', lineNumber: 2 },
          { type: 'add', content: 'TWO', lineNumber: 2 },
          { type: 'context', content: 'three', lineNumber: 3 }
        ]
      },
      { toolName: 'Write', diffFile: '/workspace/new.txt', diffLines: [{ type: 'add', content: 'hello', lineNumber: 1 }] },
      { toolName: 'Bash', diffFile: undefined, diffLines: undefined }
    ])
    expect(session.getActiveTools()[0]?.diffFile).toBe('/workspace/notes.txt')
    // The model is told what happened, not shown the diff.
    const toolMessages = provider.calls[1]?.messages.filter((message) => message.role === 'tool') ?? []
    expect(toolMessages.map((message) => message.content).join('\n')).not.toContain('"diff"')
  })
})
