// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAssistantMessage, createUserMessage } from '../../lib/core/messages.ts'
import type { TPendingPermission } from '../../worker/react/session-view-state.ts'
import { ChatView } from './chat-view.tsx'
import { PendingPermissionsContext } from './pending-permissions-context.ts'

// Counts how often the conversation's committed answers render their copy buttons.
const copyButtonRenders = vi.hoisted(() => ({ count: 0 }))
vi.mock('./copy-button.tsx', () => ({
  CopyButton: ({ label }: { label: string }) => {
    copyButtonRenders.count++
    return <button type="button">{label}</button>
  }
}))

afterEach(cleanup)

const messages = Array.from({ length: 40 }, (_, index) => (index % 2 === 0 ? createUserMessage(`Question ${index}`) : createAssistantMessage(`Answer ${index}`)))
const decisions = new Map()
const openSettings = () => undefined

function view(streamingText: string) {
  return <ChatView messages={messages} streamingText={streamingText} running decisions={decisions} onOpenSettings={openSettings} />
}

describe('ChatView', () => {
  it('renders the committed conversation once while an answer streams, not again with each batch', () => {
    const { rerender, getByLabelText } = render(view('The'))
    const afterFirstBatch = copyButtonRenders.count
    expect(afterFirstBatch).toBeGreaterThanOrEqual(20)

    for (const text of ['The answer', 'The answer grows', 'The answer grows with each batch']) rerender(view(text))
    expect(getByLabelText('Assistant (streaming)').textContent).toContain('The answer grows with each batch')
    expect(copyButtonRenders.count).toBe(afterFirstBatch)
  })

  it('renders, on a commit, the messages that changed and not the whole conversation again', () => {
    const { rerender } = render(view(''))
    const before = copyButtonRenders.count
    const next = [...messages, createUserMessage('One more question'), createAssistantMessage('One more answer')]
    rerender(<ChatView messages={next} streamingText="" running={false} decisions={new Map()} onOpenSettings={openSettings} />)
    // The new prompt and the new answer: one copy button each.
    expect(copyButtonRenders.count - before).toBe(2)
  })
})

describe('ChatView prompts', () => {
  it('names the actions of each prompt by its message', () => {
    const { getAllByRole } = render(view(''))
    const names = getAllByRole('group').map((group) => group.getAttribute('aria-label'))
    expect(names.slice(0, 2)).toEqual(['Message 1 actions', 'Message 3 actions'])
    expect(new Set(names).size).toBe(names.length)
  })
})

describe('ChatView while a turn runs', () => {
  it('says the turn works, and nothing while a tool call waits for approval: the permission prompt asks', () => {
    const running = <ChatView messages={[createUserMessage('List the files')]} streamingText="" running decisions={decisions} onOpenSettings={openSettings} />
    const { getByRole, queryByRole, rerender } = render(running)
    expect(getByRole('status').textContent).toContain('Working…')
    const pending: TPendingPermission = { requestId: 'request-1', request: { toolCallId: 'call-1', toolName: 'Bash', parameters: { command: 'ls' }, mode: 'default', suggestedPattern: 'Bash(ls)' } }
    rerender(<PendingPermissionsContext.Provider value={[pending]}>{running}</PendingPermissionsContext.Provider>)
    expect(queryByRole('status')).toBeNull()
    expect(getByRole('region', { name: 'Conversation' }).textContent).not.toMatch(/working|approval/i)
  })
})

describe('ChatView after a compaction', () => {
  it('shows the summary that replaced the conversation folded, as no prompt of the person’s, with nothing to edit or retry', () => {
    const summary = createUserMessage('This session continues an earlier conversation that was compacted. Summary of it:\n\nThe user listed the files.', { metadata: { compactSummary: true } })
    const { getAllByLabelText, getByText, queryByRole } = render(
      <ChatView messages={[summary, createUserMessage('And now?')]} streamingText="" running={false} decisions={decisions} onOpenSettings={openSettings} promptActions={{ onEdit: () => undefined, onResend: () => undefined }} />
    )
    expect(getAllByLabelText('You').map((prompt) => prompt.textContent)).toEqual(['And now?'])
    expect(getByText('Earlier conversation, summarized').closest('details')?.textContent).toContain('The user listed the files.')
    expect(queryByRole('button', { name: 'Edit message 2' })?.closest('.user-turn')?.textContent).toContain('And now?')
  })
})
