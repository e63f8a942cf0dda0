// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useTurnPreparation } from './use-turn-preparation.ts'

function held() {
  let release: () => void = () => undefined
  const promise = new Promise<void>((resolve) => (release = resolve))
  return { promise, release }
}

describe('useTurnPreparation', () => {
  it('shows the turn as preparing while its steps run, and lets it be sent once they are done', async () => {
    const { result } = renderHook(() => useTurnPreparation())
    const step = held()
    let prepared: Promise<boolean> = Promise.resolve(false)
    act(() => void (prepared = result.current.prepare(() => step.promise)))
    expect(result.current.preparing).toBe(true)
    await act(async () => step.release())
    await expect(prepared).resolves.toBe(true)
    expect(result.current.preparing).toBe(false)
  })

  it('refuses the turn when Stop cancelled it while its steps ran; the next one is not affected', async () => {
    const { result } = renderHook(() => useTurnPreparation())
    const step = held()
    let prepared: Promise<boolean> = Promise.resolve(true)
    act(() => void (prepared = result.current.prepare(() => step.promise)))
    act(() => result.current.cancel())
    await act(async () => step.release())
    await expect(prepared).resolves.toBe(false)
    expect(result.current.preparing).toBe(false)

    let next: Promise<boolean> = Promise.resolve(false)
    await act(async () => void (next = result.current.prepare(async () => undefined)))
    await expect(next).resolves.toBe(true)
  })
})
