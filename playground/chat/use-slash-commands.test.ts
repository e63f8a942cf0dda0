// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { IAgentHost, TCommandOutcome } from '../../lib/host/agent-host.ts'
import { useSlashCommands } from './use-slash-commands.ts'

afterEach(() => sessionStorage.clear())

// Answers each command line with its name, as the session's commands do.
const host = {
  listCommands: async () => [],
  executeCommand: async (_sessionId: string, line: string): Promise<TCommandOutcome> => ({ command: line.slice(1).split(' ')[0] ?? '', success: true, message: `Answer to ${line}` })
} as unknown as IAgentHost

describe('useSlashCommands', () => {
  it('keeps what commands answered, until /clear starts the conversation over', async () => {
    const { result } = renderHook(() => useSlashCommands(host, 'session-1'))
    for (const line of ['/cost', '/context']) await act(() => result.current.run(line))
    expect(result.current.entries.map((entry) => entry.line)).toEqual(['/cost', '/context'])

    await act(() => result.current.run('/clear'))
    expect(result.current.entries.map((entry) => entry.line)).toEqual(['/clear'])
    await act(() => result.current.run('/mode plan'))
    expect(result.current.entries.map((entry) => entry.line)).toEqual(['/clear', '/mode plan'])
  })

  it('shows a session its log again after a reload of the tab, the kept entries as they were', async () => {
    const before = renderHook(() => useSlashCommands(host, 'session-1'))
    for (const line of ['/cost', '/context']) await act(() => before.result.current.run(line))
    await waitFor(() => expect(sessionStorage.getItem('robota.commandLogs')).toContain('/context'))
    const keptIds = before.result.current.entries.map((entry) => entry.id)
    before.unmount()

    const after = renderHook(() => useSlashCommands(host, 'session-1'))
    await waitFor(() => expect(after.result.current.entries.map((entry) => entry.line)).toEqual(['/cost', '/context']))
    expect(after.result.current.entries.map((entry) => entry.id)).toEqual(keptIds)
  })
})
