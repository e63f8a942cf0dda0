import { describe, expect, it } from 'vitest'
import { toSubagentAnswer } from './subagent-answer.ts'

const REPORT = { sessionId: 'child-1', agentType: 'Explore', response: 'Found **two** files.', interrupted: false, toolsExecuted: ['Bash'] }

describe('toSubagentAnswer', () => {
  it('reads the subagent’s answer from an Agent report, and keeps the report indented', () => {
    expect(toSubagentAnswer('Agent', JSON.stringify(REPORT))).toEqual({ answer: 'Found **two** files.', report: JSON.stringify(REPORT, null, 2) })
  })

  it.each([
    ['another tool’s result', 'Bash', JSON.stringify(REPORT)],
    ['a failure’s text', 'Agent', 'Error: the subagent type "nope" is not defined'],
    ['JSON that is not a report', 'Agent', JSON.stringify({ output: 'x' })],
    ['null', 'Agent', 'null']
  ])('has none for %s', (_name, toolName, content) => {
    expect(toSubagentAnswer(toolName, content)).toBeUndefined()
  })
})
