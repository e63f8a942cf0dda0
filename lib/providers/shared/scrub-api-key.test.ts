import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import { redactSecretText } from '../../storage/replay-log/redact-secrets.ts'
import { scrubApiKey, scrubApiKeyFromError } from './scrub-api-key.ts'

describe('scrubApiKey', () => {
  it('marks an echoed key as the replay log marks a secret', () => {
    const key = 'sk-ant-echoed-0123456789abcdef'
    const echoed = `invalid x-api-key: ${key}`
    expect(scrubApiKey(echoed, key)).toBe(redactSecretText(echoed))
    expect(scrubApiKey(echoed, key)).toBe('invalid x-api-key: [REDACTED]')
  })

  it('leaves text alone when no key is known', () => {
    expect(scrubApiKey('no key here', undefined)).toBe('no key here')
  })
})

describe('scrubApiKeyFromError', () => {
  const key = 'sk-test-SECRET123456789abcdef'

  it('removes the key from an error, the body it parsed and the errors it wraps, whatever logs them', () => {
    const body = { error: { message: `Incorrect API key provided: ${key}.`, code: 'invalid_api_key' } }
    const wrapped = new TypeError(`fetch failed for key ${key}`)
    const error = Object.assign(new Error(`401 Incorrect API key provided: ${key}.`, { cause: wrapped }), { status: 401, error: body, list: [`${key}`] })
    scrubApiKeyFromError(error, key)
    expect(inspect(error, { depth: 10 })).not.toContain(key)
    expect(error.message).toBe('401 Incorrect API key provided: [REDACTED].')
    expect(body.error.message).toBe('Incorrect API key provided: [REDACTED].')
    expect(wrapped.message).toBe('fetch failed for key [REDACTED]')
    expect(error.status).toBe(401)
  })

  it('survives a cycle and leaves errors without the key untouched', () => {
    const error = Object.assign(new Error('rate limited'), { self: undefined as unknown })
    error.self = error
    scrubApiKeyFromError(error, key)
    expect(error.message).toBe('rate limited')
    expect(error.self).toBe(error)
  })
})
