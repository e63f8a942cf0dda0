import { describe, expect, it } from 'vitest'
import { findCatastrophicGroup } from './catastrophic-pattern.ts'

describe('findCatastrophicGroup', () => {
  it.each([
    ['(a+)+', '(a+)+'],
    ['^(\\w*)*$', '(\\w*)*'],
    ['(x+y?){2,}', '(x+y?){2,}'],
    ['((ab)*c)+?', '((ab)*c)+?'],
    ['(?:[a-z]+\\s?)*$', '(?:[a-z]+\\s?)*'],
    ['(a{1,5}){3,9}', '(a{1,5}){3,9}']
  ])('flags %s', (pattern, group) => {
    expect(findCatastrophicGroup(pattern)).toBe(group)
  })

  it.each([
    'TODO',
    'function \\w+\\(',
    '(foo|bar)+',
    '(a+)?',
    '(a+){1}',
    '[(a+)+]',
    '\\(a+\\)+',
    '(?<name>\\d+)-\\k<name>',
    '(a*)b(c+)'
  ])('lets %s through', (pattern) => {
    expect(findCatastrophicGroup(pattern)).toBeUndefined()
  })
})
