import { describe, expect, it } from 'vitest'
import type { TUniversalMessage } from '../../lib/core/messages.ts'
import { collectFileChanges, normalizePath, proposedFileChange } from './file-change.ts'

let clock = 0
function assistant(id: string, name: string, parameters: Record<string, unknown>): TUniversalMessage {
  return { id: `a${clock}`, state: 'complete', timestamp: clock++, role: 'assistant', content: '', toolCalls: [{ id, name, arguments: parameters }] }
}
function tool(id: string, name: string, result: Record<string, unknown>): TUniversalMessage {
  return { id: `t${clock}`, state: 'complete', timestamp: clock++, role: 'tool', content: JSON.stringify(result), toolCallId: id, toolName: name }
}

describe('file changes', () => {
  it('diffs a Write against what the conversation last wrote, and an Edit from its start line', () => {
    const changes = collectFileChanges([
      assistant('w1', 'Write', { filePath: 'notes.md', content: 'one\n' }),
      tool('w1', 'Write', { success: true, output: 'Created /workspace/notes.md (4 bytes).' }),
      assistant('w2', 'Write', { filePath: '/workspace/notes.md', content: 'one\ntwo\n' }),
      tool('w2', 'Write', { success: true, output: 'Wrote /workspace/notes.md (8 bytes).' }),
      assistant('e1', 'Edit', { filePath: './notes.md', oldString: 'two', newString: 'three' }),
      tool('e1', 'Edit', { success: true, output: 'Replaced 1 occurrence', startLine: 2 }),
      assistant('e2', 'Edit', { filePath: 'notes.md', oldString: 'zzz', newString: 'y' }),
      tool('e2', 'Edit', { success: false, output: '', error: 'oldString was not found' })
    ])
    expect(changes.get('w1')).toEqual({ path: 'notes.md', kind: 'created', before: undefined, after: 'one\n', firstLine: 1 })
    expect(changes.get('w2')).toEqual({ path: 'notes.md', kind: 'written', before: 'one\n', after: 'one\ntwo\n', firstLine: 1 })
    expect(changes.get('e1')).toEqual({ path: 'notes.md', kind: 'edited', before: 'two', after: 'three', firstLine: 2 })
    expect(changes.has('e2')).toBe(false)
  })

  it('proposes the change a pending call would make, and nothing for other tools', () => {
    expect(proposedFileChange('Edit', { filePath: 'a.ts', oldString: 'x', newString: 'y' })).toMatchObject({ kind: 'edited', before: 'x', after: 'y' })
    expect(proposedFileChange('Bash', { command: 'ls' })).toBeUndefined()
  })

  it.each([
    ['/workspace/src/a.ts', 'src/a.ts'],
    ['./src/a.ts', 'src/a.ts'],
    ['src/a.ts', 'src/a.ts']
  ])('normalizes %s', (path, expected) => expect(normalizePath(path)).toBe(expected))
})
