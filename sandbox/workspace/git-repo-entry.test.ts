import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../in-memory/in-memory-sandbox-client.ts'
import { applyWorkspaceManifest } from './apply-workspace-manifest.ts'

describe('a gitRepo entry whose server cannot be reached', () => {
  it('says what to check, not only "Failed to fetch", and writes nothing', async () => {
    const sandbox = new InMemorySandboxClient({ cwd: '/workspace' })
    const unreachable = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch
    const outcome = await applyWorkspaceManifest(
      sandbox,
      { entries: { repo: { type: 'gitRepo', url: 'http://127.0.0.1:8174/sample.git' } } },
      { targetRoot: '/workspace', fetch: unreachable }
    ).then(
      (result) => JSON.stringify(result),
      (error: unknown) => (error instanceof Error ? error.message : String(error))
    )
    expect(outcome).toContain('git clone http://127.0.0.1:8174/sample.git failed: Failed to fetch (the git server could not be reached')
    expect(outcome).toContain('allows CORS from this page')
    expect(await sandbox.readdir('/workspace').catch(() => [])).toEqual([])
  })
})
