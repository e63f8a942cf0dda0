import { describe, expect, it } from 'vitest'
import type { TCommandLogEntry } from './command-log.tsx'
import { loadCommandLogs, saveCommandLogs } from './command-log-storage.ts'

function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value))
  }
}

const done = (id: number, line: string): TCommandLogEntry => ({ id, line, state: 'done', outcome: { command: line.slice(1), message: `answer to ${line}`, success: true } as never })

describe('command log storage', () => {
  it('keeps finished entries per session and leaves out a command still running', () => {
    const storage = memoryStorage()
    saveCommandLogs({ a: [done(1, '/help'), { id: 2, line: '/compact', state: 'running' }], b: [{ id: 3, line: '/nope', state: 'failed', message: 'Unknown command /nope.' }] }, storage)
    // Read back, they are marked as such: the results show them folded.
    expect(loadCommandLogs(storage)).toEqual({ a: [{ ...done(1, '/help'), restored: true }], b: [{ id: 3, line: '/nope', state: 'failed', message: 'Unknown command /nope.', restored: true }] })
  })

  it('keeps the latest twenty of a long log and forgets a session whose log was cleared', () => {
    const storage = memoryStorage()
    const long = Array.from({ length: 25 }, (_, index) => done(index + 1, `/cost ${index}`))
    saveCommandLogs({ a: long, b: [done(99, '/help')] }, storage)
    expect(loadCommandLogs(storage).a?.map((entry) => entry.id)).toEqual(long.slice(-20).map((entry) => entry.id))
    saveCommandLogs({ a: [], b: [] }, storage)
    expect(storage.length).toBe(0)
    expect(loadCommandLogs(storage)).toEqual({})
  })

  it('reads nothing, without throwing, from a value that is not a log', () => {
    const storage = memoryStorage()
    for (const value of ['not json', '[1,2]', 'null', '{"a":[{"id":"x","line":1,"state":"done"}],"b":"nope"}']) {
      storage.setItem('robota.commandLogs', value)
      expect(Object.values(loadCommandLogs(storage)).flat()).toEqual([])
    }
  })
})
