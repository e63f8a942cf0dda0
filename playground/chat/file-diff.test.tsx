// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { collectFileChanges, proposedFileChange, type TFileChange } from './file-change.ts'
import { FileDiff } from './file-diff.tsx'
import { createAssistantMessage, createToolMessage } from '../../lib/core/messages.ts'

afterEach(cleanup)

const WRITE = { id: 'w1', name: 'Write', arguments: { filePath: 'notes.txt', content: 'one\n' } }

function noteOf(change: TFileChange | undefined): string | undefined {
  const { container } = render(<FileDiff change={change as TFileChange} />)
  const text = container.querySelector('figcaption .note')?.textContent
  cleanup()
  return text
}

// What the Write tool reports: `Created` a file that was not there, `Wrote` over one that was.
function ranWrite(output: string): TFileChange | undefined {
  const messages = [createAssistantMessage('', { toolCalls: [WRITE] }), createToolMessage(JSON.stringify({ success: true, output }), { toolCallId: WRITE.id, toolName: 'Write' })]
  return collectFileChanges(messages).get(WRITE.id)
}

describe('FileDiff', () => {
  it('says what a Write did to the file: a new file, or one replaced whose earlier content the conversation lacks', () => {
    expect(noteOf(ranWrite('Created /workspace/notes.txt (4 bytes).'))).toBe('new file')
    expect(noteOf(ranWrite('Wrote /workspace/notes.txt (4 bytes).'))).toBe('replaced; earlier content not shown')
  })

  it('says a Write waiting for approval creates or replaces the file, as nobody knows yet which', () => {
    expect(noteOf(proposedFileChange('Write', WRITE.arguments))).toBe('creates or replaces the file')
    // Known earlier content is the diff itself: no note.
    expect(noteOf(proposedFileChange('Write', WRITE.arguments, 'zero\n'))).toBeUndefined()
  })
})
