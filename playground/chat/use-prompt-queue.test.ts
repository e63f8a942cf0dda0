// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { usePromptQueue } from './use-prompt-queue.ts'

type TProps = { sessionId: string | undefined; running: boolean }

// Each send stays under way until `finishSend()`, as a turn's submit does.
function renderQueue(initialProps: TProps) {
  const sent: Array<{ sessionId: string | undefined; prompt: string }> = []
  const pending: Array<() => void> = []
  const hook = renderHook(
    ({ sessionId, running }: TProps) =>
      usePromptQueue(sessionId, running, false, (prompt) => {
        sent.push({ sessionId, prompt })
        return new Promise<void>((resolve) => pending.push(resolve))
      }),
    { initialProps }
  )
  const finishSend = () => act(() => pending.shift()?.())
  return { ...hook, sent, finishSend }
}

describe('usePromptQueue', () => {
  it('keeps prompts sent before any session is open, and sends them in order to the session that opens', async () => {
    const { result, rerender, sent, finishSend } = renderQueue({ sessionId: undefined, running: false })
    act(() => result.current.enqueue('first'))
    act(() => result.current.enqueue('second'))
    expect(result.current.queued).toEqual(['first', 'second'])
    expect(sent).toEqual([])

    rerender({ sessionId: 'session-a', running: false })
    await waitFor(() => expect(sent).toEqual([{ sessionId: 'session-a', prompt: 'first' }]))
    expect(result.current.queued).toEqual(['second'])
    // The second waits for the first's turn to end.
    rerender({ sessionId: 'session-a', running: true })
    await finishSend()
    expect(sent).toHaveLength(1)
    rerender({ sessionId: 'session-a', running: false })
    await waitFor(() => expect(sent.map((entry) => entry.prompt)).toEqual(['first', 'second']))
    expect(result.current.queued).toEqual([])
  })

  it('keeps each session’s waiting prompts apart', () => {
    const { result, rerender, sent } = renderQueue({ sessionId: 'session-a', running: true })
    act(() => result.current.enqueue('for a'))
    rerender({ sessionId: 'session-b', running: true })
    expect(result.current.queued).toEqual([])
    rerender({ sessionId: 'session-a', running: true })
    expect(result.current.queued).toEqual(['for a'])
    expect(sent).toEqual([])
  })
})
