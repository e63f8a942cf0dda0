// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { MemorySessionStore } from '../../lib/storage/memory-session-store.ts'
import { createPlaygroundHost } from '../worker/playground-agent.ts'
import { DEFAULT_SETTINGS, type TPlaygroundSettings } from './playground-settings.ts'
import { useSessionProvider } from './use-session-provider.ts'

type TProps = { sessionId: string | undefined; readOnly: boolean; running?: boolean; settings: TPlaygroundSettings }

async function renderProvider(initial: Omit<TProps, 'sessionId'>) {
  const host = createPlaygroundHost({ store: new MemorySessionStore() })
  const session = await host.createSession()
  const calls = {
    setProvider: vi.spyOn(host, 'setProvider'),
    setPermissionMode: vi.spyOn(host, 'setPermissionMode'),
    setMcpServers: vi.spyOn(host, 'setMcpServers')
  }
  const applied: number[] = []
  const hook = renderHook(({ sessionId, readOnly, running = false, settings }: TProps) => useSessionProvider(host, sessionId, readOnly, running, settings, () => applied.push(1)), {
    initialProps: { sessionId: session.id, ...initial }
  })
  return { ...hook, host, session, calls, applied }
}

describe('useSessionProvider', () => {
  it('gives the open session the provider once, and again only when the choice changes', async () => {
    const { rerender, session, calls, applied, result } = await renderProvider({ readOnly: false, settings: DEFAULT_SETTINGS })
    await waitFor(() => expect(applied).toHaveLength(1))
    expect(calls.setProvider).toHaveBeenCalledTimes(1)
    // A new but equal settings object sends nothing.
    rerender({ sessionId: session.id, readOnly: false, settings: { ...DEFAULT_SETTINGS } })
    await result.current.settled()
    expect(calls.setProvider).toHaveBeenCalledTimes(1)
    // A session starts in `default` and has no MCP servers: neither is sent until it changes.
    expect(calls.setPermissionMode).not.toHaveBeenCalled()
    expect(calls.setMcpServers).not.toHaveBeenCalled()

    rerender({ sessionId: session.id, readOnly: false, settings: { ...DEFAULT_SETTINGS, permissionMode: 'plan' } })
    expect(calls.setPermissionMode).toHaveBeenCalledWith(session.id, 'plan')
    // A turn sent now must wait for the switch.
    expect(result.current.isSettled()).toBe(false)
    await result.current.settled()
    expect(result.current.isSettled()).toBe(true)
    expect(calls.setProvider).toHaveBeenCalledTimes(1)
    expect(result.current.error).toBeUndefined()
  })

  it('shows no failure for a session deleted meanwhile (in another tab): the session list says what became of it', async () => {
    const { host, session, calls, result } = await renderProvider({ readOnly: false, settings: DEFAULT_SETTINGS })
    await result.current.settled()
    await host.deleteSession(session.id)
    const { result: next } = renderHook(() => useSessionProvider(host, session.id, false, false, { ...DEFAULT_SETTINGS, model: 'another-model' }, () => undefined))
    await waitFor(() => expect(calls.setProvider).toHaveBeenCalledTimes(2))
    await expect(calls.setProvider.mock.results[1]?.value).rejects.toThrow(`No session with id "${session.id}".`)
    // The refusal has been handled and rendered.
    await act(() => next.current.settled())
    expect(next.current.error).toBeUndefined()
  })

  it('holds a model chosen while a turn runs, which the session would refuse, and sends it once the turn has ended', async () => {
    const { rerender, session, calls, applied, result } = await renderProvider({ readOnly: false, settings: DEFAULT_SETTINGS })
    await waitFor(() => expect(applied).toHaveLength(1))
    const other: TPlaygroundSettings = { ...DEFAULT_SETTINGS, model: 'another-model' }
    rerender({ sessionId: session.id, readOnly: false, running: true, settings: other })
    await result.current.settled()
    expect(calls.setProvider).toHaveBeenCalledTimes(1)
    expect(result.current.error).toBeUndefined()

    rerender({ sessionId: session.id, readOnly: false, running: false, settings: other })
    expect(result.current.isSettled()).toBe(false)
    await result.current.settled()
    expect(calls.setProvider).toHaveBeenLastCalledWith(session.id, expect.objectContaining({ model: 'another-model' }))
    expect(result.current.error).toBeUndefined()
  })

  it('leaves a followed session’s provider and servers to the tab that drives it, and says why a switch failed', async () => {
    const { rerender, session, calls, result } = await renderProvider({ readOnly: true, settings: DEFAULT_SETTINGS })
    await result.current.settled()
    expect(calls.setProvider).not.toHaveBeenCalled()

    calls.setProvider.mockRejectedValueOnce(new Error('the worker is gone'))
    rerender({ sessionId: session.id, readOnly: false, settings: DEFAULT_SETTINGS })
    await waitFor(() => expect(result.current.error).toBe('The model could not be switched: the worker is gone'))
  })

  it('sends no switch while the provider lacks its key, says so, and sends it with the key once entered', async () => {
    const openai: TPlaygroundSettings = { ...DEFAULT_SETTINGS, providerKind: 'openai', model: 'gpt-5-mini' }
    const { rerender, session, calls, result } = await renderProvider({ readOnly: false, settings: openai })
    await result.current.settled()
    expect(result.current.keyMissing).toBe(true)
    expect(calls.setProvider).not.toHaveBeenCalled()
    expect(result.current.error).toBeUndefined()

    rerender({ sessionId: session.id, readOnly: false, settings: { ...openai, apiKeys: { openai: 'sk-test-key' } } })
    expect(result.current.keyMissing).toBe(false)
    await result.current.settled()
    expect(calls.setProvider).toHaveBeenCalledWith(session.id, expect.objectContaining({ kind: 'openai', apiKey: 'sk-test-key' }))
    expect(result.current.error).toBeUndefined()

    // Behind the page's proxy the provider needs no key of the page's own.
    rerender({ sessionId: session.id, readOnly: false, settings: { ...openai, providerProxy: 'https://docs.example.test/api/llm' } })
    expect(result.current.keyMissing).toBe(false)
  })
})
