// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
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
})
