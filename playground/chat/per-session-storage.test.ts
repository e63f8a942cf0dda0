// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest'
import { loadPerSession, savePerSession } from './per-session-storage.ts'

const isText = (item: unknown): item is string => typeof item === 'string'

describe('per-session lists in sessionStorage', () => {
  beforeEach(() => sessionStorage.clear())

  it('reads back the lists it kept, leaving out empty lists and the empty id', () => {
    savePerSession('lists', new Map([['session-a', ['one', 'two']], ['session-b', []], ['', ['before any session']]]))
    expect(loadPerSession('lists', isText)).toEqual({ 'session-a': ['one', 'two'] })
  })

  it('removes its key once every list is empty', () => {
    savePerSession('lists', [['session-a', ['one']]])
    savePerSession('lists', [['session-a', []]])
    expect(sessionStorage.getItem('lists')).toBeNull()
  })

  it('reads only the items it is told to keep, and nothing from a value it cannot use', () => {
    sessionStorage.setItem('lists', '{not json')
    expect(loadPerSession('lists', isText)).toEqual({})
    sessionStorage.setItem('lists', JSON.stringify({ 'session-a': ['kept'], 'session-b': [1, 'mixed'], 'session-c': 'text', 'session-d': [2] }))
    expect(loadPerSession('lists', isText)).toEqual({ 'session-a': ['kept'], 'session-b': ['mixed'] })
  })

  it('never throws when the storage refuses, or cannot be reached', () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
      removeItem: () => undefined
    } as unknown as Storage
    expect(loadPerSession('lists', isText, refusing)).toEqual({})
    expect(() => savePerSession('lists', [['session-a', ['one']]], refusing)).not.toThrow()
  })
})
