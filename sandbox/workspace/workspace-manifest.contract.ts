import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { isSandboxError } from '../sandbox-client.ts'
import type { ISandboxClient } from '../sandbox-client.ts'
import { applyWorkspaceManifest } from './apply-workspace-manifest.ts'
import { sha256Hex } from './sha256.ts'
import { isWorkspaceManifestError } from './workspace-manifest-error.ts'
import { MANIFEST_BLOB as blob, MANIFEST_BLOB_BASE64 as blobBase64 } from './workspace-manifest-web.fixtures.ts'
import type { TWorkspaceManifestServers } from './workspace-manifest-web.fixtures.ts'
import type { IWorkspaceManifest } from './workspace-manifest.ts'

/**
 * The behaviour `applyWorkspaceManifest` must show over any `ISandboxClient`: every entry kind,
 * up-front validation that writes nothing, per-entry failures, environment and permissions, and
 * `gitRepo` against a smart-HTTP server. `makeClient` returns a fresh, empty client;
 * `startServers` gives the web and git servers (`startWorkspaceManifestServers` in Node; a suite
 * running in a browser is handed the addresses of servers its test process started).
 */
export function describeWorkspaceManifest(
  name: string,
  makeClient: () => Promise<ISandboxClient> | ISandboxClient,
  startServers: () => Promise<TWorkspaceManifestServers>
): void {
  describe(`applyWorkspaceManifest over ${name}`, () => {
    let servers: TWorkspaceManifestServers
    const clients: ISandboxClient[] = []
    beforeAll(async () => {
      servers = await startServers()
    })
    afterAll(async () => {
      await servers.close()
    })
    afterEach(async () => {
      await Promise.all(clients.splice(0).map((client) => client.dispose?.()))
    })
    const create = async (): Promise<ISandboxClient> => {
      const client = await makeClient()
      clients.push(client)
      return client
    }
    const existing = async (client: ISandboxClient, path: string): Promise<boolean> =>
      client.stat(path).then(
        () => true,
        (error: unknown) => {
          if (isSandboxError(error) && error.code === 'SANDBOX_NOT_FOUND') return false
          throw error
        }
      )

    it('applies files, bytes, directories, URLs and reports mounts as unsupported', async () => {
      const client = await create()
      const manifest: IWorkspaceManifest = {
        entries: {
          'README.md': { type: 'file', content: '# hi\n', sha256: sha256Hex(new TextEncoder().encode('# hi\n')) },
          'assets/blob.bin': { type: 'file', content: blobBase64, encoding: 'base64', sha256: sha256Hex(blob).toUpperCase() },
          'out/logs': { type: 'dir' },
          'docs/hello.txt': { type: 'url', url: `${servers.webUrl}/hello.txt` },
          'data/lake': { type: 's3Mount', bucket: 'lake', region: 'eu-west-1' },
          'data/gcs': { type: 'gcsMount', bucket: 'g' },
          'data/r2': { type: 'r2Mount', bucket: 'r' },
          'data/azure': { type: 'azureBlobMount', container: 'c' }
        }
      }
      const result = await applyWorkspaceManifest(client, manifest)
      expect(result.entries).toEqual([
        { path: 'README.md', type: 'file', status: 'applied' },
        { path: 'assets/blob.bin', type: 'file', status: 'applied' },
        { path: 'out/logs', type: 'dir', status: 'applied' },
        { path: 'docs/hello.txt', type: 'url', status: 'applied' },
        ...(['s3Mount', 'gcsMount', 'r2Mount', 'azureBlobMount'] as const).map((type, index) => ({
          path: `data/${['lake', 'gcs', 'r2', 'azure'][index]}`,
          type,
          status: 'unsupported',
          message: `${type} requires a provider-specific sandbox adapter.`
        }))
      ])
      expect(await client.readFile('/workspace/README.md')).toBe('# hi\n')
      expect(Array.from(await client.readFile('/workspace/assets/blob.bin', { encoding: 'bytes' }))).toEqual(Array.from(blob))
      expect((await client.stat('/workspace/out/logs')).type).toBe('directory')
      expect(await client.readFile('/workspace/docs/hello.txt')).toBe('hello from the web\n')
      expect(await existing(client, '/workspace/data')).toBe(false)
    })

    it('writes under targetRoot, including /', async () => {
      const client = await create()
      await applyWorkspaceManifest(client, { entries: { 'project/a.txt': { type: 'file', content: 'a' } } }, { targetRoot: '/srv' })
      await applyWorkspaceManifest(client, { entries: { 'top.txt': { type: 'file', content: 'top' } } }, { targetRoot: '/' })
      expect(await client.readFile('/srv/project/a.txt')).toBe('a')
      expect(await client.readFile('/top.txt')).toBe('top')
    })

    it('lists every invalid entry and writes nothing at all', async () => {
      const client = await create()
      const manifest = {
        entries: {
          'good.txt': { type: 'file', content: 'fine' },
          '../escape.txt': { type: 'file', content: 'x' },
          '/etc/passwd': { type: 'file', content: 'x' },
          'wrong-hash.txt': { type: 'file', content: 'abc', sha256: sha256Hex(new TextEncoder().encode('abd')) },
          'ftp.txt': { type: 'url', url: 'ftp://example.com/x' },
          'weird': { type: 'symlink' }
        }
      } as unknown as IWorkspaceManifest
      const error: unknown = await applyWorkspaceManifest(client, manifest).catch((reason: unknown) => reason)
      expect(isWorkspaceManifestError(error)).toBe(true)
      const problems = (error as { problems: string[] }).problems
      expect(problems).toEqual([
        'entry "../escape.txt": the path contains a \'..\' segment, which could leave the workspace',
        'entry "/etc/passwd": the path is absolute; use a workspace-relative path',
        `entry "wrong-hash.txt": sha256 mismatch: expected ${sha256Hex(new TextEncoder().encode('abd'))}, got ${sha256Hex(new TextEncoder().encode('abc'))}`,
        'entry "ftp.txt": "url" "ftp://example.com/x" is not an http or https URL',
        'entry "weird": unknown entry type "symlink" (expected file, dir, url, gitRepo, s3Mount, gcsMount, r2Mount, azureBlobMount)'
      ])
      expect(await existing(client, '/workspace/good.txt')).toBe(false)
    })

    it.each([
      ['null', null, 'the manifest is not an object'],
      ['an array', [], 'the manifest is not an object'],
      ['a string', 'entries', 'the manifest is not an object'],
      ['entries as a list', { entries: [] }, '"entries" must be an object keyed by workspace-relative path'],
      ['a misspelt field', { entries: {}, enviroment: {} }, 'unknown field "enviroment" (expected entries, environment or permissions)']
    ])('rejects %s as a manifest', async (_case, manifest, problem) => {
      const error: unknown = await applyWorkspaceManifest(await create(), manifest as IWorkspaceManifest).catch((reason: unknown) => reason)
      expect(isWorkspaceManifestError(error) && error.problems).toEqual([problem])
    })

    it('reports a failed download and keeps going, leaving no file for it', async () => {
      const client = await create()
      const result = await applyWorkspaceManifest(client, {
        entries: {
          'first.txt': { type: 'file', content: '1' },
          'missing.txt': { type: 'url', url: `${servers.webUrl}/missing.txt` },
          'tampered.txt': { type: 'url', url: `${servers.webUrl}/hello.txt`, sha256: '0'.repeat(64) },
          'last.txt': { type: 'file', content: 'last' }
        }
      })
      expect(result.entries).toEqual([
        { path: 'first.txt', type: 'file', status: 'applied' },
        { path: 'missing.txt', type: 'url', status: 'failed', message: `could not fetch ${servers.webUrl}/missing.txt: HTTP 404 Not Found` },
        {
          path: 'tampered.txt',
          type: 'url',
          status: 'failed',
          message: `${servers.webUrl}/hello.txt: sha256 mismatch: expected ${'0'.repeat(64)}, got ${sha256Hex(new TextEncoder().encode('hello from the web\n'))}`
        },
        { path: 'last.txt', type: 'file', status: 'applied' }
      ])
      expect(await existing(client, '/workspace/missing.txt')).toBe(false)
      expect(await existing(client, '/workspace/tampered.txt')).toBe(false)
      expect(await client.readFile('/workspace/last.txt')).toBe('last')
    })

    it('applies environment to later commands', async () => {
      const client = await create()
      await applyWorkspaceManifest(client, { entries: {}, environment: { GREETING: 'hello', TARGET: 'world' } })
      expect((await client.run('echo "$GREETING $TARGET"')).stdout).toBe('hello world\n')
      expect((await client.run('echo "$GREETING"', { env: { GREETING: 'override' } })).stdout).toBe('override\n')
    })

    it('refuses permissions nobody enforces, and hands them to enforcePermissions otherwise', async () => {
      const client = await create()
      const manifest: IWorkspaceManifest = { entries: { 'a.txt': { type: 'file', content: 'a' } }, permissions: { write: ['src/**'] } }
      const error: unknown = await applyWorkspaceManifest(client, manifest).catch((reason: unknown) => reason)
      expect(isWorkspaceManifestError(error) && error.code).toBe('WORKSPACE_MANIFEST_REFUSED')
      expect((error as Error).message).toMatch(/"permissions" cannot be enforced/)
      expect(await existing(client, '/workspace/a.txt')).toBe(false)
      const handed: unknown[] = []
      await applyWorkspaceManifest(client, manifest, { enforcePermissions: (permissions) => void handed.push(permissions) })
      expect(handed).toEqual([{ write: ['src/**'] }])
      expect(await client.readFile('/workspace/a.txt')).toBe('a')
    })

    describe('gitRepo over smart HTTP (git http-backend on 127.0.0.1)', () => {
      it('clones the default branch with its history, shallow when asked', async () => {
        const client = await create()
        const result = await applyWorkspaceManifest(client, {
          entries: { repo: { type: 'gitRepo', url: `${servers.gitUrl}/sample.git` }, shallow: { type: 'gitRepo', url: `${servers.gitUrl}/sample.git`, depth: 1 } }
        })
        expect(result.entries.map((entry) => entry.status)).toEqual(['applied', 'applied'])
        expect(await client.readFile('/workspace/repo/version.txt')).toBe('two\n')
        expect(await client.readFile('/workspace/repo/.git/HEAD')).toBe('ref: refs/heads/main\n')
        expect(((await client.stat('/workspace/repo/bin/run.sh')).mode & 0o111) !== 0).toBe(true)
        expect(await existing(client, '/workspace/repo/feature.txt')).toBe(false)
        expect(await client.readFile('/workspace/shallow/.git/shallow')).toBe(`${servers.commits.second}\n`)
      })

      it.each([
        ['a tag', 'v1', 'one\n', false],
        ['a branch', 'feature', 'two\n', true],
        ['a commit id', 'first', 'one\n', false]
      ])('checks out %s', async (_kind, ref, version, hasFeature) => {
        const client = await create()
        const resolved = ref === 'first' ? servers.commits.first : ref
        const result = await applyWorkspaceManifest(client, { entries: { repo: { type: 'gitRepo', url: `${servers.gitUrl}/sample.git`, ref: resolved } } })
        expect(result.entries).toEqual([{ path: 'repo', type: 'gitRepo', status: 'applied' }])
        expect(await client.readFile('/workspace/repo/version.txt')).toBe(version)
        expect(await existing(client, '/workspace/repo/feature.txt')).toBe(hasFeature)
      })

      it('fails an unreachable repository by name and leaves no directory behind', async () => {
        const client = await create()
        const url = 'http://127.0.0.1:9/nothing.git'
        const result = await applyWorkspaceManifest(client, {
          entries: { repo: { type: 'gitRepo', url }, after: { type: 'file', content: 'still written' } }
        })
        expect(result.entries[0]).toMatchObject({ path: 'repo', type: 'gitRepo', status: 'failed' })
        expect(result.entries[0]?.message).toMatch(/^git clone http:\/\/127\.0\.0\.1:9\/nothing\.git failed: /)
        expect(result.entries[1]).toEqual({ path: 'after', type: 'file', status: 'applied' })
        expect(await existing(client, '/workspace/repo')).toBe(false)
      })
    })
  })
}
