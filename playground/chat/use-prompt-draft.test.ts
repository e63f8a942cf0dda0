// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { usePromptDraft } from './use-prompt-draft.ts'

type TProps = { sessionId: string | undefined }

const renderDraft = (sessionId: string | undefined) => renderHook(({ sessionId }: TProps) => usePromptDraft(sessionId), { initialProps: { sessionId } })

describe('usePromptDraft', () => {
  // The drafts are kept in this tab's sessionStorage, which outlives each test.
  beforeEach(() => sessionStorage.clear())

  it('keeps a draft per session: another session shows its own, a new one none', () => {
    const { result, rerender } = renderDraft('session-a')
    act(() => result.current[1]('for a'))
    rerender({ sessionId: 'session-b' })
    expect(result.current[0]).toBe('')
    act(() => result.current[1]((current) => `${current}for b`))
    expect(result.current[0]).toBe('for b')
    rerender({ sessionId: 'session-a' })
    expect(result.current[0]).toBe('for a')
    rerender({ sessionId: 'session-new' })
    expect(result.current[0]).toBe('')
  })

  it('changes the draft of the session its setter was made for, even once another is open', () => {
    const { result, rerender } = renderDraft('session-a')
    const setForA = result.current[1]
    rerender({ sessionId: 'session-b' })
    act(() => setForA('came back'))
    expect(result.current[0]).toBe('')
    rerender({ sessionId: 'session-a' })
    expect(result.current[0]).toBe('came back')
  })

  it('gives what was typed before any session is open to the session that opens', async () => {
    const { result, rerender } = renderDraft(undefined)
    act(() => result.current[1]('typed early'))
    rerender({ sessionId: 'session-a' })
    await waitFor(() => expect(result.current[0]).toBe('typed early'))
    rerender({ sessionId: 'session-b' })
    expect(result.current[0]).toBe('')
  })

  it('brings the drafts back after a reload of the tab, and forgets an emptied one', async () => {
    const before = renderDraft('session-a')
    act(() => before.result.current[1]('unsent'))
    before.rerender({ sessionId: 'session-b' })
    act(() => before.result.current[1]('also unsent'))
    await waitFor(() => expect(sessionStorage.getItem('robota.drafts')).toBe(JSON.stringify({ 'session-a': 'unsent', 'session-b': 'also unsent' })))
    before.unmount()

    const after = renderDraft('session-a')
    await waitFor(() => expect(after.result.current[0]).toBe('unsent'))
    after.rerender({ sessionId: 'session-b' })
    expect(after.result.current[0]).toBe('also unsent')
    act(() => after.result.current[1](''))
    await waitFor(() => expect(sessionStorage.getItem('robota.drafts')).toBe(JSON.stringify({ 'session-a': 'unsent' })))
  })
})
