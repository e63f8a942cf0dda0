// @vitest-environment happy-dom
import { cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MemorySessionStore } from '../../lib/storage/memory-session-store.ts'
import { toProviderChoice, DEFAULT_SETTINGS } from '../settings/playground-settings.ts'
import { createPlaygroundHost } from '../worker/playground-agent.ts'
import { useSessionSettings } from './use-session-settings.ts'

afterEach(cleanup)

describe('useSessionSettings', () => {
  it('reads what the provider can send once the page’s switch under way has reached the session', async () => {
    const host = createPlaygroundHost({ store: new MemorySessionStore() })
    const session = await host.createSession()
    // The page saved Anthropic a moment ago; the editor opens before the switch has reached the session.
    let switchNow: () => void = () => undefined
    const switched: Promise<unknown> = new Promise<void>((resolve) => {
      switchNow = resolve
    }).then(() => host.setProvider(session.id, toProviderChoice({ ...DEFAULT_SETTINGS, providerKind: 'anthropic', model: 'claude-haiku-4-5', apiKeys: { anthropic: 'sk-ant-not-sent' } })))
    // Stable, as the page's is: a new function would read the settings again.
    const switchesSettled = async () => void (await switched)
    const { result } = renderHook(() => useSessionSettings(host, session.id, true, switchesSettled))
    // Long enough for a read that does not wait to show the demo provider's settings.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(result.current.view).toBeUndefined()
    switchNow()
    await waitFor(() => expect(result.current.view).toBeDefined())
    expect(result.current.view?.unsupported.temperature).toMatch(/^Anthropic cannot take a temperature here/)
    expect(result.current.error).toBeUndefined()
  })

  it('reads nothing while the editor is closed', async () => {
    const host = createPlaygroundHost({ store: new MemorySessionStore() })
    const session = await host.createSession()
    const reads = vi.spyOn(host, 'getSessionSettings')
    const switchesSettled = () => Promise.resolve()
    const { result } = renderHook(() => useSessionSettings(host, session.id, false, switchesSettled))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(reads).not.toHaveBeenCalled()
    expect(result.current.view).toBeUndefined()
  })
})
