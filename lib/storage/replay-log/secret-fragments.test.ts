import { describe, expect, it } from 'vitest'
import { REDACTED } from './redact-secrets.ts'
import { findSecretValues, scrubSecretFragments } from './secret-fragments.ts'

const SECRET = 'zq81Hw0Ppl3mXvT7'

describe('scrubSecretFragments', () => {
  it('cuts a secret’s start at the end of a string, its end at the start, and a string inside it', () => {
    expect(scrubSecretFragments({ a: `echo ${SECRET.slice(0, 6)}` }, [SECRET])).toEqual({ a: `echo ${REDACTED}` })
    expect(scrubSecretFragments({ a: `${SECRET.slice(-5)}" done` }, [SECRET])).toEqual({ a: '" done' })
    expect(scrubSecretFragments({ a: [SECRET.slice(4, 12)] }, [SECRET])).toEqual({ a: [''] })
  })

  it('leaves pieces shorter than four characters, strings without a piece, and everything else as they are', () => {
    const value = { a: `echo ${SECRET.slice(0, 3)}`, b: 'nothing here', c: 7, d: null, e: [true] }
    expect(scrubSecretFragments(value, [SECRET])).toBe(value)
    expect(scrubSecretFragments(value, [])).toBe(value)
  })
})

describe('findSecretValues', () => {
  it('finds key-shaped values written out whole anywhere in a value, once each', () => {
    const key = 'sk-ant-api03-ABCDEFGHIJKLMNOPQRSTUV'
    expect(findSecretValues({ toolCalls: [{ arguments: { command: `curl -H "x-api-key: ${key}"` } }], again: key, plain: 'hello' })).toEqual([key])
    expect(findSecretValues({ text: 'no keys' })).toEqual([])
  })
})
