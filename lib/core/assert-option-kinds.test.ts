import { describe, expect, it } from 'vitest'
import { assertOptionKinds } from './assert-option-kinds.ts'
import { ConfigurationError } from './errors.ts'

// Options as a caller without types writes them: each kind takes what it says and nothing that
// only resembles it, and a refusal shows a string in quotes so "5" does not read as 5.

const KINDS = {
  text: 'a string',
  count: 'a number',
  flag: 'a boolean',
  callback: 'a function',
  settings: 'an object',
  names: 'an array',
  cwd: 'a non-empty path',
  share: 'a number above 0 and at most 1 or false',
  handler: 'a function or false',
  free: ''
}

function refusal(options: object): string {
  try {
    assertOptionKinds('start(options)', options, KINDS)
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error
    return error.message
  }
  return 'accepted'
}

describe('assertOptionKinds', () => {
  it('takes a value of each kind, and leaves out an option not given or checked on its own', () => {
    const options = { text: '', count: 0, flag: false, callback: () => {}, settings: {}, names: [], cwd: '/w', share: 1, handler: false, free: Symbol('any') }
    expect(refusal(options)).toBe('accepted')
    expect(refusal({ share: false, handler: () => {} })).toBe('accepted')
    expect(refusal({})).toBe('accepted')
  })

  it.each([
    ['a number given as text', { count: '5' }, 'start(options): count must be a number; got "5".'],
    ['a number that is none (NaN)', { count: Number.NaN }, 'start(options): count must be a number; got NaN.'],
    ['a string given as a number', { text: 5 }, 'start(options): text must be a string; got 5.'],
    ['a boolean given as text', { flag: 'true' }, 'start(options): flag must be a boolean; got "true".'],
    ['a function given by name', { callback: 'onEvent' }, 'start(options): callback must be a function; got "onEvent".'],
    ['an object given as a list', { settings: [] }, 'start(options): settings must be an object; got an array.'],
    ['an object given as null', { settings: null }, 'start(options): settings must be an object; got null.'],
    ['a list given as one string', { names: 'Bash' }, 'start(options): names must be an array; got "Bash".'],
    ['an empty path', { cwd: '' }, 'start(options): cwd must be a non-empty path; got "".'],
    ['a share of 0', { share: 0 }, 'start(options): share must be a number above 0 and at most 1 or false; got 0.'],
    ['a share as a percentage', { share: 80 }, 'start(options): share must be a number above 0 and at most 1 or false; got 80.'],
    ['a share switched off with true', { share: true }, 'start(options): share must be a number above 0 and at most 1 or false; got true.'],
    ['a handler given as an object', { handler: {} }, 'start(options): handler must be a function or false; got object.']
  ])('refuses %s, naming the option and showing the value', (_, options, message) => {
    expect(refusal(options)).toBe(message)
  })

  it('names an option nested in another with its prefix', () => {
    expect(() => assertOptionKinds('start(options)', { root: 5 }, { root: 'a non-empty path' }, 'workspace.')).toThrow(
      'start(options): workspace.root must be a non-empty path; got 5.'
    )
  })
})
