// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { usePromptQueue } from './use-prompt-queue.ts'

type TProps = { sessionId: string | undefined; running: boolean }

// Each send stays under way until `finishSend()`, as a turn's submit does; `finishSend(false)` is
// a prompt that came back (refused, or cut off before its turn started).
function renderQueue(initialProps: TProps) {
  const sent: Array<{ sessionId: string | undefined; prompt: string }> = []
  const pending: Array<(sent: boolean) => void> = []
  const hook = renderHook(
    ({ sessionId, running }: TProps) =>
      usePromptQueue(sessionId, running, false, (prompt) => {
        sent.push({ sessionId, prompt })
        return new Promise<boolean>((resolve) => pending.push(resolve))
      }),
    { initialProps }
  )
  const finishSend = (sent = true) => act(() => pending.shift()?.(sent))
  return { ...hook, sent, finishSend }
}

// Two prompts wait while a turn runs; the turn ends and the first goes out, then comes back after
// its attempt showed the session running for a moment, as a refused submit does.
async function refuseFirstOfTwo() {
  const queue = renderQueue({ sessionId: 'session-a', running: true })
  act(() => queue.result.current.enqueue('first'))
  act(() => queue.result.current.enqueue('second'))
  queue.rerender({ sessionId: 'session-a', running: false })
  await waitFor(() => expect(queue.sent.map((entry) => entry.prompt)).toEqual(['first']))
  queue.rerender({ sessionId: 'session-a', running: true })
  queue.rerender({ sessionId: 'session-a', running: false })
  await queue.finishSend(false)
  return queue
}

describe('usePromptQueue', () => {
  // The queue keeps its lines in this tab's sessionStorage, which outlives each test.
  beforeEach(() => sessionStorage.clear())

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

  it('says when its line holds, and sends the prompt that came back again when asked', async () => {
    const { result, rerender, sent, finishSend } = await refuseFirstOfTwo()
    expect(result.current.held).toBe(true)
    act(() => result.current.resume())
    await waitFor(() => expect(sent.map((entry) => entry.prompt)).toEqual(['first', 'first']))
    expect(result.current).toMatchObject({ held: false, queued: ['second'] })
    rerender({ sessionId: 'session-a', running: true })
    await finishSend()
    rerender({ sessionId: 'session-a', running: false })
    await waitFor(() => expect(sent.map((entry) => entry.prompt)).toEqual(['first', 'first', 'second']))
  })

  it('puts a prompt that comes back at the head of its line, and asks no more until the person resumes, whatever is added or withdrawn', async () => {
    const { result, rerender, sent } = await refuseFirstOfTwo()
    expect(result.current.queued).toEqual(['first', 'second'])
    rerender({ sessionId: 'session-a', running: false })
    act(() => result.current.enqueue('third'))
    act(() => result.current.unqueue(1))
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(sent).toHaveLength(1)
    expect(result.current).toMatchObject({ held: true, queued: ['first', 'third'] })

    act(() => result.current.resume())
    await waitFor(() => expect(sent.map((entry) => entry.prompt)).toEqual(['first', 'first']))
    expect(result.current.queued).toEqual(['third'])
  })

  it('keeps a held line held while another turn of its session runs: it waits for the person', async () => {
    const { result, rerender, sent } = await refuseFirstOfTwo()
    rerender({ sessionId: 'session-a', running: true })
    expect(result.current.held).toBe(true)
    rerender({ sessionId: 'session-a', running: false })
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(sent.map((entry) => entry.prompt)).toEqual(['first'])
    expect(result.current).toMatchObject({ held: true, queued: ['first', 'second'] })
  })

  it('holds only the line of the session whose prompt came back', async () => {
    const { result, rerender, sent, finishSend } = renderQueue({ sessionId: 'session-b', running: true })
    act(() => result.current.enqueue('for b'))
    rerender({ sessionId: 'session-a', running: true })
    act(() => result.current.enqueue('for a'))
    rerender({ sessionId: 'session-a', running: false })
    await waitFor(() => expect(sent.map((entry) => entry.prompt)).toEqual(['for a']))
    await finishSend(false)
    expect(result.current.queued).toEqual(['for a'])

    rerender({ sessionId: 'session-b', running: false })
    await waitFor(() => expect(sent.map((entry) => entry.prompt)).toEqual(['for a', 'for b']))
  })

  it('holds its line when asked (Stop), so the stopped turn is not followed by the next prompt', async () => {
    const { result, rerender, sent } = renderQueue({ sessionId: 'session-a', running: true })
    act(() => result.current.enqueue('next'))
    act(() => result.current.hold())
    // Held at once, while the stopped turn winds down.
    expect(result.current.held).toBe(true)
    rerender({ sessionId: 'session-a', running: false })
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(sent).toEqual([])
    expect(result.current).toMatchObject({ held: true, queued: ['next'] })

    act(() => result.current.resume())
    await waitFor(() => expect(sent).toEqual([{ sessionId: 'session-a', prompt: 'next' }]))
  })

  it('stays held when held while its only prompt is on its way, and that prompt comes back (another tab took the session over)', async () => {
    const { result, sent, finishSend } = renderQueue({ sessionId: 'session-a', running: false })
    act(() => result.current.enqueue('only'))
    await waitFor(() => expect(sent.map((entry) => entry.prompt)).toEqual(['only']))
    // The line looks empty while its prompt is out; the hold must outlast that, whichever of the
    // hold and the prompt's return the page renders first.
    act(() => result.current.hold())
    expect(result.current).toMatchObject({ held: true, queued: [] })
    await finishSend(false)
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(sent).toHaveLength(1)
    expect(result.current).toMatchObject({ held: true, queued: ['only'] })
  })

  it('keeps waiting prompts through a reload of the tab, held until the person sends them on', async () => {
    const before = renderQueue({ sessionId: 'session-a', running: true })
    act(() => before.result.current.enqueue('first'))
    act(() => before.result.current.enqueue('second'))
    await waitFor(() => expect(sessionStorage.getItem('robota.queued')).toContain('second'))
    before.unmount()

    const after = renderQueue({ sessionId: 'session-a', running: false })
    await waitFor(() => expect(after.result.current).toMatchObject({ held: true, queued: ['first', 'second'] }))
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(after.sent).toEqual([])
    act(() => after.result.current.resume())
    await waitFor(() => expect(after.sent.map((entry) => entry.prompt)).toEqual(['first']))
    expect(after.result.current.queued).toEqual(['second'])
  })

  it('forgets a line once its prompts have gone out', async () => {
    const { result, rerender, finishSend } = renderQueue({ sessionId: 'session-a', running: true })
    act(() => result.current.enqueue('only'))
    await waitFor(() => expect(sessionStorage.getItem('robota.queued')).toBe(JSON.stringify({ 'session-a': ['only'] })))
    rerender({ sessionId: 'session-a', running: false })
    await waitFor(() => expect(result.current.queued).toEqual([]))
    await finishSend()
    await waitFor(() => expect(sessionStorage.getItem('robota.queued')).toBeNull())
  })

  it('holds back nothing queued after its held line emptied, or after Stop with nothing waiting', async () => {
    const { result, rerender, sent, finishSend } = renderQueue({ sessionId: 'session-a', running: true })
    act(() => result.current.hold())
    act(() => result.current.enqueue('after a stop'))
    rerender({ sessionId: 'session-a', running: false })
    await waitFor(() => expect(sent.map((entry) => entry.prompt)).toEqual(['after a stop']))
    await finishSend()

    rerender({ sessionId: 'session-a', running: true })
    act(() => result.current.enqueue('withdrawn'))
    act(() => result.current.hold())
    act(() => result.current.unqueue(0))
    act(() => result.current.enqueue('queued later'))
    rerender({ sessionId: 'session-a', running: false })
    await waitFor(() => expect(sent.map((entry) => entry.prompt)).toEqual(['after a stop', 'queued later']))
  })
})
