import { describe, expect, it } from 'vitest'
import { assertHooksOption } from './assert-hooks-option.ts'
import { HOOK_EVENTS_WITHOUT_MOMENT } from './hook-events-without-moment.ts'

describe('assertHooksOption', () => {
  it('names, for a misspelt event, only the events a session fires', () => {
    let message = ''
    try {
      assertHooksOption('hooks()', { PreToolUSE: [] })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toMatch(/^hooks\(\): hooks has no event "PreToolUSE"; the events are SessionStart, .*PreToolUse, /)
    for (const event of HOOK_EVENTS_WITHOUT_MOMENT) expect(message).not.toContain(event)
  })
})
