// @vitest-environment happy-dom
import { Lexer } from 'marked'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { warmUpRenderer } from './markdown-renderer.ts'

afterEach(() => vi.restoreAllMocks())

describe('warmUpRenderer', () => {
  it('uses each of marked\'s rules on Latin-1 and on wider text, then renders samples, one step per idle period and once per page', () => {
    const rules = [...Object.values(Lexer.rules.block.gfm), ...Object.values(Lexer.rules.inline.breaks)].filter((rule) => rule instanceof RegExp)
    const exec = vi.spyOn(RegExp.prototype, 'exec')
    const idle: Array<() => void> = []
    warmUpRenderer((run) => idle.push(run))
    let steps = 0
    let compileCalls = 0
    while (idle.length > 0) {
      if (steps === rules.length * 2) compileCalls = exec.mock.calls.length
      // The next step is asked for only once this one has run.
      expect(idle).toHaveLength(1)
      ;(idle.shift() as () => void)()
      steps++
    }
    expect(steps).toBe(rules.length * 2 + 4)
    const subjectsOf = (rule: RegExp) => new Set(exec.mock.calls.slice(0, compileCalls).filter((_, call) => exec.mock.contexts[call] === rule).map(([subject]) => subject))
    for (const rule of rules) expect(subjectsOf(rule)).toEqual(new Set(['a', 'a\u2019']))

    warmUpRenderer((run) => idle.push(run))
    expect(idle).toHaveLength(0)
  })
})
