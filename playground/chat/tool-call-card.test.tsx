// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cleanup, render, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createAssistantMessage, createToolMessage, createUserMessage } from '../../lib/core/messages.ts'
import { EMPTY_SESSION_VIEW, type TToolCallDecision, type TSessionViewState } from '../../worker/react/session-view-state.ts'
import { ChatPane } from './chat-pane.tsx'
import { loadRenderer } from './message-markdown.tsx'
import { ToolCallCard } from './tool-call-card.tsx'
import type { TPromptQueue } from './use-prompt-queue.ts'

const STYLES = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../styles.css'), 'utf8')

afterEach(() => {
  cleanup()
  document.head.replaceChildren()
})

const EMPTY_QUEUE: TPromptQueue = { queued: [], held: false, enqueue: () => undefined, unqueue: () => undefined, resume: () => undefined, hold: () => undefined }
const nothing = () => undefined
const settled = async () => undefined

const LIST = { id: 'call-list', name: 'Bash', arguments: { command: 'ls' } }
const READ = { id: 'call-read', name: 'Read', arguments: { file_path: 'README.md' } }
const MESSAGES = [createUserMessage('What is here?'), createAssistantMessage('', { toolCalls: [LIST, READ] })]

// A turn whose two calls have no result yet, the first waiting for the person's answer.
function turnState(waiting: boolean): TSessionViewState {
  const request = { toolName: 'Bash', toolCallId: LIST.id, parameters: LIST.arguments, mode: 'default' as const, suggestedPattern: 'Bash(ls)' }
  return { ...EMPTY_SESSION_VIEW, sessionId: 'session-1', name: 'A session', running: true, messages: MESSAGES, pendingPermissions: waiting ? [{ requestId: 'request-1', request }] : [] }
}

function chatPane(state: TSessionViewState) {
  return (
    <ChatPane state={state} notices={[]} progress={undefined} queue={EMPTY_QUEUE} onSubmit={settled} onAbort={settled} onTakeOver={settled} onAnswer={nothing} onOpenSettings={nothing} />
  )
}

describe('ToolCallCard', () => {
  it('marks a call waiting while its permission prompt is open, and running once it is answered; only the prompt asks for approval', async () => {
    const { getByRole, findByRole, rerender } = render(chatPane(turnState(true)))
    const waiting = getByRole('region', { name: 'Tool call Bash' })
    expect(waiting.querySelector('.tool-status')?.textContent).toBe('waiting')
    expect(within(waiting).queryByRole('status')).toBeNull()
    // The prompt loads apart from the page's first script; once there, it is the one place that asks.
    await findByRole('alertdialog', { name: 'Allow Bash?' })
    expect(getByRole('region', { name: 'Conversation' }).textContent).not.toMatch(/approval/i)
    // The other call of the answer is not the one asked about.
    expect(getByRole('region', { name: 'Tool call Read' }).querySelector('.tool-status')?.textContent).toBe('running…')

    rerender(chatPane(turnState(false)))
    const running = getByRole('region', { name: 'Tool call Bash' })
    expect(running.querySelector('.tool-status')?.textContent).toBe('running…')
    expect(within(running).getByRole('status').textContent).toBe('Running…')
  })

  it('in a tab that follows the session, says the call waits, with no prompt to answer here', async () => {
    const { getByRole, queryByRole, findByRole } = render(chatPane({ ...turnState(true), readOnly: true }))
    expect(getByRole('region', { name: 'Tool call Bash' }).querySelector('.tool-status')?.textContent).toBe('waiting')
    expect(queryByRole('alertdialog')).toBeNull()
    cleanup()
    render(chatPane(turnState(true)))
    // The prompt loads apart from the page's first script.
    expect(await findByRole('alertdialog', { name: 'Allow Bash?' })).toBeTruthy()
  })

  it('keeps the tool name and status whole in a narrow header: the argument summary gives way', () => {
    const style = document.createElement('style')
    style.textContent = STYLES
    document.head.append(style)
    const call = { id: 'call-agent', name: 'Agent', arguments: { description: 'Look around', prompt: 'x'.repeat(400) } }
    const { container } = render(
      <div className="message" style={{ width: '160px' }}>
        <ToolCallCard call={call} result={undefined} change={undefined} decision={undefined} />
      </div>
    )
    const styleOf = (selector: string) => getComputedStyle(container.querySelector(selector) as Element)
    for (const selector of ['.tool-name', '.tool-status']) {
      expect(styleOf(selector).flexShrink, selector).toBe('0')
      expect(styleOf(selector).whiteSpace, selector).toBe('nowrap')
    }
    expect(styleOf('.tool-headline').minWidth).toMatch(/^0(px)?$/)
    expect(styleOf('.tool-headline').textOverflow).toBe('ellipsis')
  })

  it('gives the permission note and the running note the padding of the card’s other lines', () => {
    const style = document.createElement('style')
    style.textContent = STYLES
    document.head.append(style)
    const decision = { toolCallId: LIST.id, toolName: 'Bash', decision: 'allow' as const, source: 'handler' as const, mode: 'default' as const }
    const { container } = render(<ToolCallCard call={LIST} result={undefined} change={undefined} decision={decision} />)
    const notes = [...container.querySelectorAll('.tool-call > .note')]
    expect(notes.map((note) => note.textContent)).toEqual(['allowed once by you', 'Running…'])
    for (const note of notes) expect(getComputedStyle(note).marginLeft).toBe(getComputedStyle(container.querySelector('.tool-head') as Element).paddingLeft)
  })

  it('says a command the person’s Stop cut short was stopped, in no error colour, and a command that exited 130 on its own failed', () => {
    const bash = (error: string) => createToolMessage(JSON.stringify({ success: false, output: 'sandbox: command aborted', exitCode: 130, error }), { toolCallId: LIST.id, toolName: 'Bash' })
    const { getByRole, rerender } = render(<ToolCallCard call={LIST} result={bash('Command was interrupted (exit code 130)')} change={undefined} decision={undefined} />)
    const card = getByRole('region', { name: 'Tool call Bash' })
    expect(card.className).toBe('tool-call stopped')
    expect(card.querySelector('.tool-status')?.textContent).toBe('stopped')
    expect(card.querySelector('.exit-code')?.textContent).toBe('exit 130')

    rerender(<ToolCallCard call={LIST} result={bash('Command exited with code 130')} change={undefined} decision={undefined} />)
    expect(card.className).toBe('tool-call failed')
    expect(card.querySelector('.tool-status')?.textContent).toBe('failed')
  })

  it('says a call whose message is marked interrupted was stopped, whatever its result says', () => {
    const { getByRole } = render(
      <ToolCallCard call={LIST} result={createToolMessage('Error: request aborted', { toolCallId: LIST.id, toolName: 'Bash' }, { state: 'interrupted' })} change={undefined} decision={undefined} />
    )
    expect(getByRole('region', { name: 'Tool call Bash' }).querySelector('.tool-status')?.textContent).toBe('stopped')
  })

  it('says a call the Stop denied while it waited for approval was stopped, and one the person denied failed', () => {
    const denied = createToolMessage('Error: Permission denied for Bash: the run was aborted while waiting for approval', { toolCallId: LIST.id, toolName: 'Bash' })
    const decision = (source: TToolCallDecision['source']): TToolCallDecision => ({ toolName: 'Bash', toolCallId: LIST.id, decision: 'deny', source, mode: 'default' })
    const { getByRole, rerender } = render(<ToolCallCard call={LIST} result={denied} change={undefined} decision={decision('abort')} />)
    const status = () => getByRole('region', { name: 'Tool call Bash' }).querySelector('.tool-status')?.textContent
    expect(status()).toBe('stopped')
    rerender(<ToolCallCard call={LIST} result={denied} change={undefined} decision={decision('handler')} />)
    expect(status()).toBe('failed')
  })

  it('says a call the Stop skipped or gave up on was stopped, and one the run’s own limit skipped failed', () => {
    const plain = (content: string) => createToolMessage(content, { toolCallId: LIST.id, toolName: 'Bash' })
    const { getByRole, rerender } = render(<ToolCallCard call={LIST} result={plain('Error: Execution interrupted by user')} change={undefined} decision={undefined} />)
    const status = () => getByRole('region', { name: 'Tool call Bash' }).querySelector('.tool-status')?.textContent
    expect(status()).toBe('stopped')
    rerender(<ToolCallCard call={LIST} result={plain('Error: Execution interrupted by user; the tool did not stop, so its result is not kept.')} change={undefined} decision={undefined} />)
    expect(status()).toBe('stopped')
    rerender(<ToolCallCard call={LIST} result={plain('Error: Not executed: the run stopped because the cost budget was used up')} change={undefined} decision={undefined} />)
    expect(status()).toBe('failed')
    // A call that succeeded says what it says, interruption or not.
    rerender(<ToolCallCard call={LIST} result={plain('The build was interrupted twice last week.')} change={undefined} decision={undefined} />)
    expect(status()).toBe('done')
  })

  it('says a subagent stopped before it finished was stopped, not done, and does not mark it failed', () => {
    const call = { id: 'call-agent', name: 'Agent', arguments: { description: 'Look around', prompt: 'List the files' } }
    const report = (interrupted: boolean) =>
      createToolMessage(JSON.stringify({ sessionId: 'child-1', agentType: 'general-purpose', response: 'Found two files', interrupted, toolsExecuted: ['Bash'] }), { toolCallId: call.id, toolName: call.name })
    const { getByRole, rerender } = render(<ToolCallCard call={call} result={report(true)} change={undefined} decision={undefined} />)
    const card = getByRole('region', { name: 'Tool call Agent' })
    // Muted, as the chat's "Interrupted" answer is: only a failure takes the error colour.
    expect(card.className).toBe('tool-call stopped')
    expect(card.querySelector('.tool-status')?.className).toBe('tool-status stopped')
    expect(card.querySelector('.tool-status')?.textContent).toBe('stopped')

    rerender(<ToolCallCard call={call} result={report(false)} change={undefined} decision={undefined} />)
    expect(card.querySelector('.tool-status')?.textContent).toBe('done')
  })

  it('shows a subagent’s answer as Markdown, as the chat’s answers are, and its whole report folded under it', async () => {
    await loadRenderer()
    const call = { id: 'call-agent', name: 'Agent', arguments: { description: 'Look around', prompt: 'List the files' } }
    const report = { sessionId: 'child-1', agentType: 'Explore', response: 'Found **two** files.', interrupted: false, toolsExecuted: ['Bash'] }
    const { getByLabelText } = render(<ToolCallCard call={call} result={createToolMessage(JSON.stringify(report), { toolCallId: call.id, toolName: call.name })} change={undefined} decision={undefined} />)
    const answer = getByLabelText('Agent answer')
    expect(answer.textContent?.trim()).toBe('Found two files.')
    expect(answer.querySelector('strong')?.textContent).toBe('two')
    const raw = getByLabelText('Agent result')
    expect(raw.closest('details')?.querySelector('summary')?.textContent).toBe('Report')
    expect(JSON.parse(raw.textContent ?? '')).toEqual(report)
  })
})
