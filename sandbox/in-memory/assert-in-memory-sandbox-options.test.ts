import { describe, expect, it } from 'vitest'
import { isSandboxError } from '../sandbox-client.ts'
import { InMemorySandboxClient } from './in-memory-sandbox-client.ts'

// Options as an app without types may write them: each is refused by name when the client is
// made, not ignored or seeded as a file named `0`.

function refusal(options: unknown): { code: string; message: string } {
  try {
    new InMemorySandboxClient(options as never)
  } catch (error) {
    if (!isSandboxError(error)) throw error
    return { code: error.code, message: error.message }
  }
  throw new Error('expected the options to be refused')
}

describe('new InMemorySandboxClient(options)', () => {
  it.each([
    ['a misspelt option', { file: { 'a.txt': 'a' } }, 'new InMemorySandboxClient(options): unknown option "file"; it takes files, cwd, env, executionLimits, allowedUrlPrefixes, maxOutputBytes, defenseInDepth.'],
    ['two unknown options', { cwd: '/w', timeout: 5, shell: 'sh' }, 'new InMemorySandboxClient(options): unknown option "timeout", "shell"; it takes files, cwd, env, executionLimits, allowedUrlPrefixes, maxOutputBytes, defenseInDepth.'],
    ['files as a list of names', { files: ['a.txt'] }, "new InMemorySandboxClient(options): files must map each path to its content; got an array."],
    ['files as one path', { files: 'a.txt' }, "new InMemorySandboxClient(options): files must map each path to its content; got string."],
    ['a file whose content is no text or bytes', { files: { 'a.json': { a: 1 } } }, 'new InMemorySandboxClient(options): files["a.json"] must be a string or a Uint8Array; got object.'],
    ['a seed path that climbs out of the workspace', { files: { '../up.txt': 'a' } }, 'new InMemorySandboxClient(options): files["../up.txt"] does not name a file below /workspace; write an absolute path for one elsewhere.'],
    ['a seed path that climbs out of its cwd', { cwd: '/w/', files: { 'a/../../b.txt': 'b' } }, 'new InMemorySandboxClient(options): files["a/../../b.txt"] does not name a file below /w; write an absolute path for one elsewhere.'],
    ['an empty seed path', { files: { '': 'a' } }, 'new InMemorySandboxClient(options): files[""] does not name a file below /workspace; write an absolute path for one elsewhere.'],
    ['a cwd that is no path', { cwd: 5 }, 'new InMemorySandboxClient(options): cwd must be a path; got number.'],
    ['an env variable that is no string', { env: { A: 1 } }, 'new InMemorySandboxClient(options): env["A"] must be a string; got number.'],
    ['env as a list', { env: ['A=1'] }, 'new InMemorySandboxClient(options): env must map each variable to a string; got an array.'],
    ['a URL prefix as one string', { allowedUrlPrefixes: 'https://a.test/' }, 'new InMemorySandboxClient(options): allowedUrlPrefixes must be an array of strings; got string.'],
    ['a URL prefix that is no string', { allowedUrlPrefixes: ['https://a.test/', 7] }, 'new InMemorySandboxClient(options): allowedUrlPrefixes[1] must be a string; got number.'],
    ['an output cap given as text', { maxOutputBytes: '10' }, 'new InMemorySandboxClient(options): maxOutputBytes must be a whole number of bytes, 1 or more; got string.'],
    ['an output cap of no bytes', { maxOutputBytes: 0 }, 'new InMemorySandboxClient(options): maxOutputBytes must be a whole number of bytes, 1 or more; got 0.'],
    ['options that are no object', '/workspace', 'new InMemorySandboxClient(options): options must be an object; got string.']
  ])('refuses %s with SANDBOX_INVALID_OPTIONS naming it', (_, options, message) => {
    expect(refusal(options)).toEqual({ code: 'SANDBOX_INVALID_OPTIONS', message })
  })

  it('refuses an empty cwd as the path it is', () => {
    expect(refusal({ cwd: '' })).toEqual({ code: 'SANDBOX_INVALID_PATH', message: 'new InMemorySandboxClient(options): cwd: the path is empty.' })
  })

  it('takes every option it documents, text and bytes alike', async () => {
    const client = new InMemorySandboxClient({
      files: { 'a.txt': 'a', 'b.bin': new Uint8Array([1, 2]) },
      cwd: '/w',
      env: { A: '1' },
      executionLimits: {},
      allowedUrlPrefixes: [],
      maxOutputBytes: 1024,
      defenseInDepth: { enabled: true, excludeViolationTypes: ['performance_timing'] }
    })
    expect(await client.readFile('/w/a.txt')).toBe('a')
    expect(await client.readFile('/w/b.bin', { encoding: 'bytes' })).toEqual(new Uint8Array([1, 2]))
    expect(new InMemorySandboxClient(undefined).cwd).toBe('/workspace')
  })

  it('seeds absolute paths anywhere and relative ones that stay below cwd', async () => {
    const client = new InMemorySandboxClient({ files: { '/etc/motd': 'hi', 'a/../b.txt': 'b', './c.txt': 'c' } })
    expect(await client.readFile('/etc/motd')).toBe('hi')
    expect(await client.readFile('/workspace/b.txt')).toBe('b')
    expect(await client.readFile('/workspace/c.txt')).toBe('c')
  })
})

describe('a refusal logged as JSON', () => {
  it('keeps its message, code and name, as a JSON logger writes it', () => {
    let caught: unknown
    try {
      new InMemorySandboxClient({ file: {} } as never)
    } catch (error) {
      caught = error
    }
    expect(JSON.parse(JSON.stringify(caught))).toEqual({
      name: 'SandboxError',
      code: 'SANDBOX_INVALID_OPTIONS',
      message: expect.stringContaining('unknown option "file"')
    })
  })
})
