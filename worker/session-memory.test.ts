import { describe, expect, it } from 'vitest'
import { SessionMemory } from './session-memory.ts'

describe('SessionMemory.turnsInFlight', () => {
  it('holds a submitted turn until it is answered', () => {
    const memory = new SessionMemory()
    memory.turnStarted('submitted')
    expect(memory.turnsInFlight()).toEqual(['submitted'])
    memory.turnEnded('submitted')
    expect(memory.turnsInFlight()).toEqual([])
  })

  it('holds a turn the host announced (a subagent run) until the host says it ended, once per session', () => {
    const memory = new SessionMemory()
    memory.turnStarted('parent')
    memory.heard({ kind: 'turn_started', sessionId: 'parent', prompt: 'Delegate' })
    memory.heard({ kind: 'turn_started', sessionId: 'run', prompt: 'Explore' })
    expect(memory.turnsInFlight()).toEqual(['parent', 'run'])
    memory.heard({ kind: 'turn_failed', sessionId: 'run', message: 'The store is full.', code: 'STORAGE' })
    expect(memory.turnsInFlight()).toEqual(['parent'])
  })

  it('leaves out a turn of a session another tab drives: it goes on there', () => {
    const memory = new SessionMemory()
    memory.heard({ kind: 'session_access', sessionId: 'followed', readOnly: true })
    memory.heard({ kind: 'turn_started', sessionId: 'followed', prompt: 'Hello' })
    memory.heard({ kind: 'session_access', sessionId: 'driven', readOnly: false })
    memory.heard({ kind: 'turn_started', sessionId: 'driven', prompt: 'Hello' })
    expect(memory.turnsInFlight()).toEqual(['driven'])
  })
})
