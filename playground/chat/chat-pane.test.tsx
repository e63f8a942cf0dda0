// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createAssistantMessage, createUserMessage } from '../../lib/core/messages.ts'
import { EMPTY_SESSION_VIEW, type TSessionViewState } from '../../worker/react/session-view-state.ts'
import { ChatPane } from './chat-pane.tsx'
import { loadFailureWording } from './failure-wording.ts'
import { loadRenderer } from './message-markdown.tsx'
import type { TPromptQueue } from './use-prompt-queue.ts'

afterEach(cleanup)
// An open session loads the Markdown renderer in the background; loaded here, it cannot arrive after the tests end.
beforeAll(() => loadRenderer())

const EMPTY_QUEUE: TPromptQueue = { queued: [], held: false, enqueue: () => undefined, unqueue: () => undefined, resume: () => undefined, hold: () => undefined }
const nothing = () => undefined
const settled = async () => undefined

function chatPane(state: TSessionViewState) {
  return <ChatPane state={state} notices={[]} progress={undefined} queue={EMPTY_QUEUE} onSubmit={settled} onAbort={settled} onTakeOver={settled} onAnswer={nothing} onOpenSettings={nothing} />
}

describe('ChatPane', () => {
  // The provider's words alone say nothing of a key here: only the failure's code does.
  const failed = (code: 'AUTHENTICATION_ERROR'): TSessionViewState => ({
    ...EMPTY_SESSION_VIEW,
    sessionId: 'session-1',
    error: 'Request failed',
    turnError: { name: 'Error', code, message: 'Request failed', category: 'system', recoverable: false }
  })

  it('words a failed turn from its code', async () => {
    await loadFailureWording()
    render(chatPane(failed('AUTHENTICATION_ERROR')))
    expect(screen.getByRole('alert').textContent).toContain('The provider refused the API key.')
  })

  it('does not lend an earlier turn’s code to a later failure of another call', async () => {
    await loadFailureWording()
    render(chatPane({ ...failed('AUTHENTICATION_ERROR'), error: 'Loading earlier messages failed' }))
    expect(screen.getByRole('alert').textContent).not.toContain('API key')
  })

  it('offers no Edit or Retry of a sent prompt in a tab that follows the session: its prompt box takes nothing', () => {
    const sent: TSessionViewState = { ...EMPTY_SESSION_VIEW, sessionId: 'session-1', messages: [createUserMessage('Hello')] }
    render(chatPane({ ...sent, readOnly: true }))
    expect((screen.getByRole('button', { name: 'Edit message 1' }) as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: 'Retry message 1' }) as HTMLButtonElement).disabled).toBe(true)
    cleanup()
    render(chatPane(sent))
    expect((screen.getByRole('button', { name: 'Edit message 1' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('names each message’s buttons with the message’s place in the conversation, keeping their visible words', () => {
    const messages = [createUserMessage('Hello'), createAssistantMessage('Hi! Ask away.'), createUserMessage('List the files'), createAssistantMessage('There are two.')]
    // The conversation's latest messages: two came before them.
    render(chatPane({ ...EMPTY_SESSION_VIEW, sessionId: 'session-1', messages, firstMessageIndex: 2 }))
    const names = screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'))
    expect(names.filter((name) => name && /^(Copy|Edit|Retry) /.test(name))).toEqual([
      'Copy message 3',
      'Edit message 3',
      'Retry message 3',
      'Copy answer 4',
      'Copy message 5',
      'Edit message 5',
      'Retry message 5',
      'Copy answer 6'
    ])
    expect(screen.getByRole('button', { name: 'Edit message 5' }).textContent).toBe('Edit')
    expect(screen.getByRole('button', { name: 'Copy answer 6' }).textContent).toBe('Copy')
  })
})
