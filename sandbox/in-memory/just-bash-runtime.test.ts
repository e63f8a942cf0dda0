import { afterEach, describe, expect, it, vi } from 'vitest'

describe('loadShellModules', () => {
  afterEach(() => {
    vi.doUnmock('just-bash')
    vi.resetModules()
  })

  it('tries the import again after a failed load, and keeps the load that worked', async () => {
    let failing = true
    vi.doMock('just-bash', async (importOriginal) => {
      if (failing) throw new Error('Failed to fetch dynamically imported module: just-bash')
      return importOriginal()
    })
    const { loadShellModules } = await import('./just-bash-runtime.ts')
    const failure = await loadShellModules().then(
      () => undefined,
      (error: unknown) => error as Error & { cause?: Error }
    )
    // The test runner wraps what a mocked import throws; the load's own failure is its cause.
    expect(failure?.cause?.message ?? failure?.message).toBe('Failed to fetch dynamically imported module: just-bash')
    failing = false
    const loaded = loadShellModules()
    const modules = await loaded
    expect(typeof modules.justBash.Bash).toBe('function')
    expect(typeof modules.createGitCommand).toBe('function')
    expect(loadShellModules()).toBe(loaded)
  })
})
