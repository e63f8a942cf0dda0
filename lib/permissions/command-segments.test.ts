import { describe, expect, it } from 'vitest'
import { splitCommandSegments } from './command-segments.ts'

describe('splitCommandSegments', () => {
  it.each([
    ['ls -la', ['ls -la'], false],
    ['ls && pwd', ['ls', 'pwd'], true],
    ['a; b || c | d & e', ['a', 'b', 'c', 'd', 'e'], true],
    ['echo "a; b"', ['echo "a; b"'], false],
    ["echo 'a && b'", ["echo 'a && b'"], false],
    ['echo "$(rm -rf /)"', ['echo "', 'rm -rf /', '"'], true],
    ['echo `whoami`', ['echo', 'whoami'], true],
    ['diff <(ls a) <(ls b)', ['diff', 'ls a', 'ls b'], true],
    ['make 2>&1 > log', ['make 2>&1 > log'], false],
    ['cmd &> out', ['cmd &> out'], false],
    ['echo a\\;b', ['echo a\\;b'], false],
    ['FOO=1 BAR="x y" rm -rf /', ['rm -rf /'], false],
    ['if true; then rm x; fi', ['true', 'rm x', 'fi'], true],
    ['(cd /tmp && rm x)', ['cd /tmp', 'rm x'], true],
    ['line one\nline two', ['line one', 'line two'], true]
  ])('%j', (command, segments, compound) => {
    expect(splitCommandSegments(command)).toEqual({ segments, compound })
  })
})
