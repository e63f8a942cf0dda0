import { describe, expect, it } from 'vitest'
import { redactSecretText } from '../../storage/replay-log/redact-secrets.ts'
import { scrubApiKey } from './scrub-api-key.ts'

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
