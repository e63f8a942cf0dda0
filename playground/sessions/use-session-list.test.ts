// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { MemorySessionStore } from '../../lib/storage/memory-session-store.ts'
import { ScriptedProvider } from '../../lib/testing/scripted-provider.ts'
import { createLocalAgentHost } from '../../worker/create-local-agent-host.ts'
import { useSessionList } from './use-session-list.ts'

describe('useSessionList', () => {
  it('reads the list again when the page comes back into focus, showing what another tab changed', async () => {
    const host = createLocalAgentHost({ providers: { scripted: () => new ScriptedProvider([]) }, defaultProvider: { kind: 'scripted', model: 'demo' } }, new MemorySessionStore())
    const first = await host.createSession({ name: 'First' })
    const { result } = renderHook(() => useSessionList(host, () => ({ kind: 'scripted', model: 'demo' })))
    await waitFor(() => expect(result.current.selectedId).toBe(first.id))

    // Another tab, sharing the store: a session made there, the first renamed.
    await host.createSession({ name: 'Made elsewhere' })
    await host.renameSession(first.id, 'Renamed elsewhere')
    expect(result.current.sessions.map((session) => session.name)).toEqual(['First'])
    act(() => void window.dispatchEvent(new Event('focus')))
    await waitFor(() => expect(result.current.sessions.map((session) => session.name).sort()).toEqual(['Made elsewhere', 'Renamed elsewhere']))
  })

  it("shows another tab's changes while this one stays in the background: the tabs say when they change the list", async () => {
    const host = createLocalAgentHost({ providers: { scripted: () => new ScriptedProvider([]) }, defaultProvider: { kind: 'scripted', model: 'demo' } }, new MemorySessionStore())
    const first = await host.createSession({ name: 'First' })
    const choice = () => ({ kind: 'scripted', model: 'demo' })
    const background = renderHook(() => useSessionList(host, choice))
    const front = renderHook(() => useSessionList(host, choice))
    await waitFor(() => expect(background.result.current.selectedId).toBe(first.id))
    await waitFor(() => expect(front.result.current.selectedId).toBe(first.id))

    await act(() => front.result.current.rename(first.id, 'Renamed in front'))
    await act(() => front.result.current.create())
    await waitFor(() => expect(background.result.current.sessions.map((session) => session.name).sort()).toEqual(['New session', 'Renamed in front']))

    await act(() => front.result.current.remove(first.id))
    await waitFor(() => expect(background.result.current.notice).toBe('“Renamed in front” was deleted in another tab.'))
    expect(background.result.current.sessions.map((session) => session.id)).toEqual([front.result.current.selectedId])
    background.unmount()
    front.unmount()
  })

  it('tells the other tabs of changes it makes, not of reading the list', async () => {
    const host = createLocalAgentHost({ providers: { scripted: () => new ScriptedProvider([]) }, defaultProvider: { kind: 'scripted', model: 'demo' } }, new MemorySessionStore())
    const first = await host.createSession({ name: 'First' })
    const said = vi.spyOn(BroadcastChannel.prototype, 'postMessage')
    try {
      const { result, unmount } = renderHook(() => useSessionList(host, () => ({ kind: 'scripted', model: 'demo' })))
      await waitFor(() => expect(result.current.selectedId).toBe(first.id))
      await act(() => result.current.refresh())
      expect(said).not.toHaveBeenCalled()

      await act(() => result.current.rename(first.id, 'Renamed'))
      expect(said).toHaveBeenCalledTimes(1)
      unmount()
    } finally {
      said.mockRestore()
    }
  })

  it("reads the list once when a turn ends in the session it has open, not again when another tab that has it open says so", async () => {
    const host = createLocalAgentHost({ providers: { scripted: () => new ScriptedProvider([{ text: 'Done.' }]) }, defaultProvider: { kind: 'scripted', model: 'demo' } }, new MemorySessionStore())
    const shared = await host.createSession({ name: 'Shared' })
    const choice = () => ({ kind: 'scripted', model: 'demo' })
    // Two tabs with the session open: both hear the turn end from the host.
    const driving = renderHook(() => useSessionList(host, choice, shared.id))
    const following = renderHook(() => useSessionList(host, choice, shared.id))
    await waitFor(() => expect([driving.result.current.selectedId, following.result.current.selectedId]).toEqual([shared.id, shared.id]))
    const said = vi.spyOn(BroadcastChannel.prototype, 'postMessage')
    const listed = vi.spyOn(host, 'listSessions')
    try {
      await act(async () => void (await host.submit(shared.id, 'Hello?')))
      await waitFor(() => expect(said).toHaveBeenCalledTimes(2))
      expect(said.mock.calls).toEqual([[shared.id], [shared.id]])
      await waitFor(() => expect(driving.result.current.sessions[0]?.messageCount).toBe(2))
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(listed).toHaveBeenCalledTimes(2)

      // A tab with another session open reads again when told of that turn's end.
      const other = await host.createSession({ name: 'Other' })
      const elsewhere = renderHook(() => useSessionList(host, choice, other.id))
      await waitFor(() => expect(elsewhere.result.current.selectedId).toBe(other.id))
      listed.mockClear()
      act(() => new BroadcastChannel('robota:session-list').postMessage(shared.id))
      await waitFor(() => expect(listed).toHaveBeenCalledTimes(1))
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(listed).toHaveBeenCalledTimes(1)
      elsewhere.unmount()
    } finally {
      said.mockRestore()
      listed.mockRestore()
      driving.unmount()
      following.unmount()
    }
  })

  it('moves on, saying why, when another tab deletes the open session; its own deletion is no news', async () => {
    const host = createLocalAgentHost({ providers: { scripted: () => new ScriptedProvider([]) }, defaultProvider: { kind: 'scripted', model: 'demo' } }, new MemorySessionStore())
    const older = await host.createSession({ name: 'Older' })
    const open = await host.createSession({ name: 'Open here' })
    const onDeleted = vi.fn()
    const { result } = renderHook(() => useSessionList(host, () => ({ kind: 'scripted', model: 'demo' }), undefined, onDeleted))
    await waitFor(() => expect(result.current.sessions).toHaveLength(2))
    act(() => result.current.select(open.id))

    // Another tab deletes it; this one reads the list again when it comes back into focus.
    await host.deleteSession(open.id)
    act(() => void window.dispatchEvent(new Event('focus')))
    await waitFor(() => expect(result.current.selectedId).toBe(older.id))
    expect(result.current.notice).toBe('“Open here” was deleted in another tab.')
    expect(onDeleted.mock.calls).toEqual([[open.id]])

    // Deleted here, the last one gives way to a new session, with no notice.
    await act(() => result.current.remove(older.id))
    await waitFor(() => expect(result.current.sessions).toHaveLength(1))
    expect(result.current.selectedId).toBe(result.current.sessions[0]?.id)
    expect(result.current.selectedId).not.toBe(older.id)
    expect(result.current.notice).toBeUndefined()
    expect(onDeleted.mock.calls).toEqual([[open.id], [older.id]])

    // The last one deleted elsewhere: a new session opens in its place.
    const last = result.current.selectedId ?? ''
    await host.deleteSession(last)
    act(() => void window.dispatchEvent(new Event('focus')))
    await waitFor(() => expect(result.current.notice).toMatch(/was deleted in another tab\.$/))
    expect(result.current.sessions).toHaveLength(1)
    expect(result.current.selectedId).toBe(result.current.sessions[0]?.id)
    expect(result.current.selectedId).not.toBe(last)
  })
})
