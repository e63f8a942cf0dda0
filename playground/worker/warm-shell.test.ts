import { afterEach, describe, expect, it } from 'vitest'
import { SHELL_READY_MARK, warmShell } from './warm-shell.ts'

describe('warmShell', () => {
  afterEach(() => performance.clearMarks(SHELL_READY_MARK))

  it('marks the shell ready only once a real just-bash shell has answered a command', async () => {
    expect(performance.getEntriesByName(SHELL_READY_MARK)).toHaveLength(0)
    const warming = warmShell()
    // The import of just-bash is still under way: nothing is marked yet.
    expect(performance.getEntriesByName(SHELL_READY_MARK)).toHaveLength(0)
    await warming
    expect(performance.getEntriesByName(SHELL_READY_MARK)).toHaveLength(1)
  })
})
