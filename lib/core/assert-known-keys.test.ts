import { describe, expect, it } from 'vitest'
import { assertKnownKeys, keysOf } from './assert-known-keys.ts'
import { ConfigurationError } from './errors.ts'

type TOptions = { files?: string[]; cwd?: string; env?: Record<string, string> }

describe('keysOf', () => {
  it('returns the list it is given, as written', () => {
    expect(keysOf<TOptions>()(['files', 'cwd', 'env'])).toEqual(['files', 'cwd', 'env'])
  })

  it('does not compile with a key the type lacks, or without one it has', () => {
    // @ts-expect-error `file` is no key of TOptions
    keysOf<TOptions>()(['file', 'cwd', 'env'])
    // @ts-expect-error `env` is left out
    keysOf<TOptions>()(['files', 'cwd'])
  })
})

describe('assertKnownKeys', () => {
  const KNOWN = keysOf<TOptions>()(['files', 'cwd', 'env'])

  it('passes an object whose keys are all known, and an empty one', () => {
    expect(() => assertKnownKeys('make(options)', { files: [], cwd: '/' }, KNOWN)).not.toThrow()
    expect(() => assertKnownKeys('make(options)', {}, KNOWN)).not.toThrow()
  })

  it.each([
    ['one unknown key', { file: [] }, {}, 'make(options): unknown option "file"; it takes files, cwd, env.'],
    ['several, in the order given', { cwd: '/', timeout: 1, shell: 'sh' }, {}, 'make(options): unknown option "timeout", "shell"; it takes files, cwd, env.'],
    ['a key with a hint', { file: [] }, { file: 'the files are `files`' }, 'make(options): unknown option "file" (the files are `files`); it takes files, cwd, env.'],
    ['a hint for a key that is not given', { dir: '/' }, { file: 'the files are `files`' }, 'make(options): unknown option "dir"; it takes files, cwd, env.'],
    ['a key named like an Object method', { toString: 'x' }, {}, 'make(options): unknown option "toString"; it takes files, cwd, env.']
  ])('refuses %s with a ConfigurationError naming it and what it takes', (_, value, hints, message) => {
    const check = () => assertKnownKeys('make(options)', value, KNOWN, hints)
    expect(check).toThrow(ConfigurationError)
    expect(check).toThrow(message)
  })
})
