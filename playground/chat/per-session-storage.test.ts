// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest'
import { forgetSession, loadPerSession, loadPerSessionText, savePerSession } from './per-session-storage.ts'

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

  it('keeps a text per session as it keeps a list, leaving out empty texts, and reads back only texts', () => {
    savePerSession('drafts', new Map([['session-a', 'half a thought'], ['session-b', ''], ['', 'before any session']]))
    expect(loadPerSessionText('drafts')).toEqual({ 'session-a': 'half a thought' })
    savePerSession('drafts', [['session-a', '']])
    expect(sessionStorage.getItem('drafts')).toBeNull()

    sessionStorage.setItem('drafts', JSON.stringify({ 'session-a': 'kept', 'session-b': ['a list'], 'session-c': 3, 'session-d': '' }))
    expect(loadPerSessionText('drafts')).toEqual({ 'session-a': 'kept' })
    sessionStorage.setItem('drafts', '{not json')
    expect(loadPerSessionText('drafts')).toEqual({})
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
    expect(loadPerSessionText('lists', refusing)).toEqual({})
    expect(() => savePerSession('lists', [['session-a', ['one']]], refusing)).not.toThrow()
  })

  it('forgets a deleted session under every key it kept, and keeps it out of later saves', () => {
    savePerSession('drafts', [['deleted', 'half a thought'], ['other', 'kept']])
    savePerSession('queued', [['deleted', ['waiting']]])
    sessionStorage.setItem('unrelated', JSON.stringify({ deleted: 'not ours' }))
    forgetSession('deleted')
    expect(loadPerSessionText('drafts')).toEqual({ other: 'kept' })
    expect(sessionStorage.getItem('queued')).toBeNull()
    expect(sessionStorage.getItem('unrelated')).toBe(JSON.stringify({ deleted: 'not ours' }))

    // The page still holds the session's draft until it reloads: its next save leaves it out.
    savePerSession('drafts', [['deleted', 'half a thought, edited'], ['other', 'kept']])
    expect(loadPerSessionText('drafts')).toEqual({ other: 'kept' })
  })
})
