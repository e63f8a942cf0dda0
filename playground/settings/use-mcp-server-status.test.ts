// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { IAgentHost } from '../../lib/host/agent-host.ts'
import { useMcpServerStatus } from './use-mcp-server-status.ts'

describe('useMcpServerStatus', () => {
  // React may redo a session view's update in every render until it commits, each time with a new
  // empty `warnings`: a status that answered each with a new empty list rendered the page again,
  // which redid the update again, for as long as an earlier update waited (a streamed answer froze).
  it('renders nothing more while no session is asked about, however often the warnings are a new array', () => {
    const host = { listMcpServers: () => Promise.reject(new Error('not asked')) } as unknown as IAgentHost
    let renders = 0
    const { result, rerender } = renderHook(({ warnings }) => {
      renders++
      return useMcpServerStatus(host, undefined, false, 0, warnings)
    }, { initialProps: { warnings: [] as string[] } })
    const first = result.current
    for (let round = 0; round < 3; round++) rerender({ warnings: [] })
    expect(renders).toBe(4)
    expect(result.current).toBe(first)
    expect(result.current).toEqual([])
  })
})
