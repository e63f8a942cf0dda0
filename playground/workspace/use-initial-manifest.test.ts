// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { MemorySessionStore } from '../../lib/storage/memory-session-store.ts'
import { createPlaygroundHost } from '../worker/playground-agent.ts'
import { useInitialManifest } from './use-initial-manifest.ts'

const MANIFEST = { entries: { 'docs/README.md': { type: 'file', content: '# Docs example\n' } } }

describe('useInitialManifest', () => {
  it('reports applying from the render that opens an empty session, before its effect starts the work', async () => {
    const host = createPlaygroundHost({ store: new MemorySessionStore() })
    const session = await host.createSession()
    const seen: string[] = []
    const { result, rerender } = renderHook(({ sessionId }: { sessionId: string | undefined }) => {
      const status = useInitialManifest(host, sessionId, 0, MANIFEST)
      seen.push(status.state)
      return status
    }, { initialProps: { sessionId: undefined as string | undefined } })
    expect(seen).toEqual(['idle'])

    rerender({ sessionId: session.id })
    // A prompt queued while the session opened reads this render: it must already wait.
    expect(seen[1]).toBe('applying')
    await waitFor(() => expect(result.current).toEqual({ state: 'applied' }))
    expect(seen.slice(1, -1).every((state) => state === 'applying')).toBe(true)
    expect((await host.listFiles(session.id, '/workspace/docs')).map((entry) => entry.name)).toEqual(['README.md'])
  })

  it('stays idle for a session that already has messages', () => {
    const host = createPlaygroundHost({ store: new MemorySessionStore() })
    const { result } = renderHook(() => useInitialManifest(host, 'a-session-with-history', 3, MANIFEST))
    expect(result.current.state).toBe('idle')
  })
})
