// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useOutdatedError } from './use-outdated-error.ts'

describe('useOutdatedError', () => {
  it('says a failure is outdated once another provider is chosen, and shows the next failure again', () => {
    type TProps = { error: string | undefined; provider: string }
    const initialProps: TProps = { error: 'The API key for Anthropic is missing.', provider: 'anthropic claude-sonnet-4-6' }
    const { result, rerender } = renderHook(({ error, provider }: TProps) => useOutdatedError(error, provider), { initialProps })
    expect(result.current).toBe(false)
    rerender({ error: 'The API key for Anthropic is missing.', provider: 'offline-demo offline-demo' })
    expect(result.current).toBe(true)
    rerender({ error: 'The sandbox could not start.', provider: 'offline-demo offline-demo' })
    expect(result.current).toBe(false)
    rerender({ error: undefined, provider: 'anthropic claude-sonnet-4-6' })
    expect(result.current).toBe(false)
  })
})
