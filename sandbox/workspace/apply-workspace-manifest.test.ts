import { describe, expect, it } from 'vitest'
import { FakeE2BCloud } from '../../lib/testing/fake-e2b-sandbox.ts'
import { E2BSandboxClient } from '../e2b/e2b-sandbox-client.ts'
import { InMemorySandboxClient } from '../in-memory/in-memory-sandbox-client.ts'
import type { ISandboxClient } from '../sandbox-client.ts'
import { applyWorkspaceManifest } from './apply-workspace-manifest.ts'
import { isWorkspaceManifestError } from './workspace-manifest-error.ts'
import { describeWorkspaceManifest } from './workspace-manifest.contract.ts'
import { startWorkspaceManifestServers } from './workspace-manifest-servers.fixtures.ts'

const e2b = await import('e2b')

describeWorkspaceManifest('InMemorySandboxClient', () => new InMemorySandboxClient(), startWorkspaceManifestServers)

describeWorkspaceManifest('E2BSandboxClient over FakeE2BSandbox', async () => {
  const cloud = new FakeE2BCloud({ errors: e2b, createShell: () => new InMemorySandboxClient({ cwd: '/home/user' }) })
  return new E2BSandboxClient(await cloud.create(), { sandboxClass: cloud })
}, startWorkspaceManifestServers)

describe('applyWorkspaceManifest refusals', () => {
  it('refuses an environment on a client that cannot set one, before writing anything', async () => {
    const inner = new InMemorySandboxClient()
    // A client without the optional setEnvironment, as a third-party adapter may be.
    const client: ISandboxClient = {
      kind: 'minimal',
      run: (command, options) => inner.run(command, options),
      readFile: ((path: string, options?: { encoding?: 'utf8' | 'bytes' }) =>
        options?.encoding === 'bytes' ? inner.readFile(path, { encoding: 'bytes' }) : inner.readFile(path)) as ISandboxClient['readFile'],
      writeFile: (path, content) => inner.writeFile(path, content),
      readdir: (path) => inner.readdir(path),
      stat: (path) => inner.stat(path),
      mkdir: (path, options) => inner.mkdir(path, options),
      remove: (path, options) => inner.remove(path, options),
      rename: (from, to) => inner.rename(from, to)
    }
    const error: unknown = await applyWorkspaceManifest(client, {
      entries: { 'a.txt': { type: 'file', content: 'a' } },
      environment: { TOKEN: 'x' }
    }).catch((reason: unknown) => reason)
    expect(isWorkspaceManifestError(error) && error.problems).toEqual([
      '"environment" cannot be applied: the minimal sandbox client has no setEnvironment'
    ])
    await expect(inner.readFile('/workspace/a.txt')).rejects.toMatchObject({ code: 'SANDBOX_NOT_FOUND' })
  })

  it('refuses a misspelt option instead of writing under /workspace', async () => {
    const sandbox = new InMemorySandboxClient()
    const apply = applyWorkspaceManifest(sandbox, { entries: { 'a.txt': { type: 'file', content: 'a' } } }, { targetroot: '/srv' } as never)
    await expect(apply).rejects.toMatchObject({
      code: 'SANDBOX_INVALID_OPTIONS',
      message: 'applyWorkspaceManifest(sandbox, manifest, options): unknown option "targetroot"; it takes targetRoot, fetch, gitCorsProxy, enforcePermissions, signal.'
    })
    await expect(sandbox.readFile('/workspace/a.txt')).rejects.toMatchObject({ code: 'SANDBOX_NOT_FOUND' })
  })

  it('rejects a relative targetRoot together with the bad entries', async () => {
    const error: unknown = await applyWorkspaceManifest(
      new InMemorySandboxClient(),
      { entries: { '': { type: 'dir' } } },
      { targetRoot: 'workspace' }
    ).catch((reason: unknown) => reason)
    expect(isWorkspaceManifestError(error) && error.problems).toEqual([
      'targetRoot "workspace" must be an absolute path',
      'entry "": the path is empty'
    ])
  })

  it('rejects an entry inside a file entry and a path used twice', async () => {
    const error: unknown = await applyWorkspaceManifest(new InMemorySandboxClient(), {
      entries: { 'a.txt': { type: 'file', content: '' }, 'a.txt/b': { type: 'dir' }, './c': { type: 'dir' }, c: { type: 'dir' } }
    }).catch((reason: unknown) => reason)
    expect(isWorkspaceManifestError(error) && error.problems).toEqual([
      'entry "c": the path "c" is already used by another entry',
      'entry "a.txt/b": it lies inside the file entry "a.txt"'
    ])
  })
})
