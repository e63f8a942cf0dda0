import { describe, expect, it } from 'vitest'
import { recordSuiteTotal } from '../../lib/testing/suite-totals.ts'
import { InMemorySandboxClient } from '../in-memory/in-memory-sandbox-client.ts'
import { applyWorkspaceManifest } from './apply-workspace-manifest.ts'
import { sha256Hex } from './sha256.ts'
import { isWorkspaceManifestError } from './workspace-manifest-error.ts'
import type { IWorkspaceManifest, IWorkspaceManifestApplyOptions } from './workspace-manifest.ts'

// A corpus of bad manifests, as they may arrive from JSON a user pasted or a page fetched: each
// is refused as a whole with a message naming the entry or field at fault, and the sandbox is
// left exactly as it was.

const SUITE = 'workspace manifest bad inputs'
const GOOD_FILE = { type: 'file', content: 'fine\n' }
const HELLO_DIGEST = sha256Hex(new TextEncoder().encode('hello'))

type TBadManifest = { name: string; manifest: unknown; options?: IWorkspaceManifestApplyOptions; problem: RegExp; code?: string }

const withEntry = (path: string, entry: unknown): unknown => ({ entries: { 'good.txt': GOOD_FILE, [path]: entry } })

const CORPUS: TBadManifest[] = [
  { name: 'null instead of a manifest', manifest: null, problem: /- the manifest is not an object/ },
  { name: 'an array instead of a manifest', manifest: [{ 'a.txt': GOOD_FILE }], problem: /- the manifest is not an object/ },
  { name: 'JSON text never parsed', manifest: '{"entries":{}}', problem: /- the manifest is not an object/ },
  { name: 'no entries', manifest: {}, problem: /"entries" must be an object keyed by workspace-relative path/ },
  { name: 'entries as a list', manifest: { entries: [GOOD_FILE] }, problem: /"entries" must be an object keyed by workspace-relative path/ },
  { name: 'an unknown top-level field', manifest: { entries: {}, files: {} }, problem: /unknown field "files" \(expected entries, environment or permissions\)/ },
  { name: 'an empty path', manifest: withEntry('', GOOD_FILE), problem: /entry "": the path is empty/ },
  { name: 'an absolute path', manifest: withEntry('/etc/passwd', GOOD_FILE), problem: /entry "\/etc\/passwd": the path is absolute/ },
  { name: 'a path climbing out', manifest: withEntry('../outside.txt', GOOD_FILE), problem: /entry "\.\.\/outside\.txt": the path contains a '\.\.' segment/ },
  { name: 'a path climbing out from inside', manifest: withEntry('src/../../escape.txt', GOOD_FILE), problem: /entry "src\/\.\.\/\.\.\/escape\.txt": .*'\.\.' segment/ },
  { name: 'a drive-letter path', manifest: withEntry('C:/Windows/win.ini', GOOD_FILE), problem: /entry "C:\/Windows\/win\.ini": the path starts with a drive letter/ },
  { name: 'a backslash path', manifest: withEntry('src\\index.ts', GOOD_FILE), problem: /entry "src\\\\index\.ts": the path contains a backslash/ },
  { name: 'a NUL in the path', manifest: withEntry('a\0.txt', GOOD_FILE), problem: /: the path contains a NUL character/ },
  { name: 'the workspace root itself', manifest: withEntry('.', { type: 'dir' }), problem: /entry "\.": the path resolves to the workspace root itself/ },
  { name: 'the root spelled with slashes', manifest: withEntry('.//./', { type: 'dir' }), problem: /entry "\.\/\/\.\/": the path resolves to the workspace root itself/ },
  { name: 'a null entry', manifest: withEntry('a.txt', null), problem: /entry "a\.txt": the entry is not an object/ },
  { name: 'an unknown entry type', manifest: withEntry('link', { type: 'symlink', target: '/etc' }), problem: /entry "link": unknown entry type "symlink"/ },
  { name: 'an entry without a type', manifest: withEntry('a.txt', { content: 'x' }), problem: /entry "a\.txt": unknown entry type undefined/ },
  { name: 'a file without content', manifest: withEntry('a.txt', { type: 'file' }), problem: /entry "a\.txt": "content" must be a string/ },
  {
    name: 'a misspelt field of a file',
    manifest: withEntry('a.txt', { type: 'file', content: '', contnet: 'meant' }),
    problem: /entry "a\.txt": unknown field "contnet" \(a file entry has type, content, encoding, sha256\)/
  },
  { name: 'a file with numeric content', manifest: withEntry('a.txt', { type: 'file', content: 42 }), problem: /entry "a\.txt": "content" must be a string/ },
  { name: 'an unknown encoding', manifest: withEntry('a.txt', { type: 'file', content: 'x', encoding: 'latin1' }), problem: /entry "a\.txt": "encoding" must be "utf8" or "base64"/ },
  { name: 'broken base64', manifest: withEntry('a.bin', { type: 'file', content: '!!not base64!!', encoding: 'base64' }), problem: /entry "a\.bin": "content" is not valid base64/ },
  { name: 'a malformed sha256', manifest: withEntry('a.txt', { type: 'file', content: 'hello', sha256: 'abc123' }), problem: /entry "a\.txt": "sha256" must be 64 hexadecimal characters/ },
  {
    name: 'content that does not match its sha256',
    manifest: withEntry('a.txt', { type: 'file', content: 'hellO', sha256: HELLO_DIGEST }),
    problem: new RegExp(`entry "a\\.txt": sha256 mismatch: expected ${HELLO_DIGEST}, got [0-9a-f]{64}`)
  },
  { name: 'a url entry over ftp', manifest: withEntry('a.txt', { type: 'url', url: 'ftp://files.example/a.txt' }), problem: /entry "a\.txt": "url" "ftp:\/\/files\.example\/a\.txt" is not an http or https URL/ },
  { name: 'a javascript: url', manifest: withEntry('a.txt', { type: 'url', url: 'javascript:alert(1)' }), problem: /entry "a\.txt": "url" "javascript:alert\(1\)" is not an http or https URL/ },
  { name: 'a url entry without a url', manifest: withEntry('a.txt', { type: 'url' }), problem: /entry "a\.txt": "url" must be a string/ },
  { name: 'url headers that are not strings', manifest: withEntry('a.txt', { type: 'url', url: 'https://files.example/a', headers: { 'x-retry': 3 } }), problem: /entry "a\.txt": "headers" must be an object of string values/ },
  { name: 'a url with a malformed sha256', manifest: withEntry('a.txt', { type: 'url', url: 'https://files.example/a', sha256: 'zz' }), problem: /entry "a\.txt": "sha256" must be 64 hexadecimal characters/ },
  { name: 'a git ref with a space', manifest: withEntry('repo', { type: 'gitRepo', url: 'https://git.example/r.git', ref: 'main branch' }), problem: /entry "repo": "ref" must be a branch, tag or commit name/ },
  { name: 'a git ref with a range', manifest: withEntry('repo', { type: 'gitRepo', url: 'https://git.example/r.git', ref: 'HEAD~1' }), problem: /entry "repo": "ref" must be a branch, tag or commit name/ },
  { name: 'a git depth of zero', manifest: withEntry('repo', { type: 'gitRepo', url: 'https://git.example/r.git', depth: 0 }), problem: /entry "repo": "depth" must be a positive whole number/ },
  { name: 'a fractional git depth', manifest: withEntry('repo', { type: 'gitRepo', url: 'https://git.example/r.git', depth: 1.5 }), problem: /entry "repo": "depth" must be a positive whole number/ },
  { name: 'a git repository on the local disk', manifest: withEntry('repo', { type: 'gitRepo', url: 'file:///home/user/repo' }), problem: /entry "repo": "url" "file:\/\/\/home\/user\/repo" is not an http or https URL/ },
  { name: 'an s3 mount without a bucket', manifest: withEntry('data', { type: 's3Mount' }), problem: /entry "data": "bucket" must be a non-empty string/ },
  { name: 'an azure mount without a container', manifest: withEntry('data', { type: 'azureBlobMount', container: '' }), problem: /entry "data": "container" must be a non-empty string/ },
  { name: 'one path used twice', manifest: { entries: { './c': { type: 'dir' }, c: GOOD_FILE } }, problem: /entry "c": the path "c" is already used by another entry/ },
  { name: 'an entry inside a file entry', manifest: { entries: { 'a.txt': GOOD_FILE, 'a.txt/b.txt': GOOD_FILE } }, problem: /entry "a\.txt\/b\.txt": it lies inside the file entry "a\.txt"/ },
  { name: 'an entry inside a cloned repository', manifest: { entries: { repo: { type: 'gitRepo', url: 'https://git.example/r.git' }, 'repo/extra.txt': GOOD_FILE } }, problem: /entry "repo\/extra\.txt": it lies inside the gitRepo entry "repo"/ },
  { name: 'an environment that is a list', manifest: { entries: {}, environment: ['A=1'] }, problem: /"environment" must be an object of string values/ },
  { name: 'an invalid variable name', manifest: { entries: {}, environment: { '1BAD': 'x' } }, problem: /environment variable "1BAD" is not a valid name/ },
  { name: 'a variable that is not a string', manifest: { entries: {}, environment: { PORT: 8080 } }, problem: /environment variable "PORT" must be a string/ },
  { name: 'an unknown permission kind', manifest: { entries: {}, permissions: { execute: ['**'] } }, problem: /permissions: unknown field "execute" \(expected read or write\)/ },
  { name: 'permissions that are not lists', manifest: { entries: {}, permissions: { read: 'src/**' } }, problem: /permissions\.read must be a list of non-empty path patterns/ },
  { name: 'permissions nobody enforces', manifest: { entries: { 'good.txt': GOOD_FILE }, permissions: { write: ['src/**'] } }, problem: /"permissions" cannot be enforced here: pass enforcePermissions/, code: 'WORKSPACE_MANIFEST_REFUSED' },
  { name: 'a relative targetRoot', manifest: { entries: { 'good.txt': GOOD_FILE } }, options: { targetRoot: 'workspace' }, problem: /targetRoot "workspace" must be an absolute path/ },
  { name: 'a targetRoot climbing out', manifest: { entries: { 'good.txt': GOOD_FILE } }, options: { targetRoot: '/workspace/../etc' }, problem: /targetRoot "\/workspace\/\.\.\/etc" contains a '\.\.' segment/ },
  {
    name: 'many problems at once, every one listed',
    manifest: { entries: { '/abs': GOOD_FILE, '../up': GOOD_FILE, 'ok.txt': GOOD_FILE, 'bad.txt': { type: 'file' } }, extra: true },
    problem: /\(4 problems\)[^]*unknown field "extra"[^]*entry "\/abs"[^]*entry "\.\.\/up"[^]*entry "bad\.txt"/
  }
]

describe('applyWorkspaceManifest refuses a bad manifest and writes nothing', () => {
  it('holds at least 30 bad manifests', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(30)
  })

  it.each(CORPUS)('$name', async ({ manifest, options, problem, code }) => {
    const sandbox = new InMemorySandboxClient({ files: { 'existing.txt': 'kept\n' } })
    const before = await sandbox.snapshot()

    const error: unknown = await applyWorkspaceManifest(sandbox, manifest as IWorkspaceManifest, options).then(
      () => undefined,
      (reason: unknown) => reason
    )

    expect(isWorkspaceManifestError(error)).toBe(true)
    if (!isWorkspaceManifestError(error)) return
    expect(error.code).toBe(code ?? 'WORKSPACE_MANIFEST_INVALID')
    expect(error.message).toMatch(/nothing was written/)
    expect(error.message).toMatch(problem)
    expect(await sandbox.snapshot()).toEqual(before)
    recordSuiteTotal(SUITE, 'badInputs')
  })
})

type TBadSource = { name: string; respond: (url: string) => Response | Promise<Response>; sha256?: string; problem: RegExp }

const DOWNLOADS: TBadSource[] = [
  { name: 'a download answered 404', respond: () => new Response('missing', { status: 404, statusText: 'Not Found' }), problem: /could not fetch https:\/\/files\.example\/data\.bin: HTTP 404 Not Found/ },
  { name: 'a download answered 500', respond: () => new Response('', { status: 500 }), problem: /could not fetch https:\/\/files\.example\/data\.bin: HTTP 500/ },
  { name: 'a download that cannot connect', respond: () => Promise.reject(new TypeError('fetch failed')), problem: /could not fetch https:\/\/files\.example\/data\.bin: fetch failed/ },
  { name: 'a download whose bytes do not match sha256', respond: () => new Response('hellO'), sha256: HELLO_DIGEST, problem: new RegExp(`https://files\\.example/data\\.bin: sha256 mismatch: expected ${HELLO_DIGEST}`) }
]

describe('applyWorkspaceManifest fails a bad download by name and leaves no file for it', () => {
  it.each(DOWNLOADS)('$name', async ({ respond, sha256, problem }) => {
    const sandbox = new InMemorySandboxClient()
    const url = 'https://files.example/data.bin'
    const manifest: IWorkspaceManifest = {
      entries: { 'data.bin': { type: 'url', url, ...(sha256 ? { sha256 } : {}) }, 'after.txt': { type: 'file', content: 'after\n' } }
    }
    const result = await applyWorkspaceManifest(sandbox, manifest, { fetch: async (input) => respond(String(input)) })
    expect(result.entries).toEqual([
      { path: 'data.bin', type: 'url', status: 'failed', message: expect.stringMatching(problem) },
      { path: 'after.txt', type: 'file', status: 'applied' }
    ])
    await expect(sandbox.stat('/workspace/data.bin')).rejects.toMatchObject({ code: 'SANDBOX_NOT_FOUND' })
    recordSuiteTotal(SUITE, 'badInputs')
  })
})
