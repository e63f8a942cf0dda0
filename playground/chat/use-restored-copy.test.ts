// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useRestoredCopy } from './use-restored-copy.ts'

type TCopy = { kept: string[] }

describe('useRestoredCopy', () => {
  it('restores before it saves, and saves every change in order, however late the module loads', async () => {
    const copy: TCopy = { kept: ['from before the reload'] }
    const calls: string[] = []
    let finishLoading: (module: TCopy) => void = () => undefined
    let loads = 0
    const load = () => {
      loads += 1
      return new Promise<TCopy>((resolve) => (finishLoading = resolve))
    }
    const { rerender } = renderHook(
      ({ value }: { value: string }) =>
        useRestoredCopy(
          load,
          (module) => calls.push(`restore ${module.kept.join()}`),
          (module, saved: string) => {
            module.kept = [saved]
            calls.push(`save ${saved}`)
          },
          value
        ),
      { initialProps: { value: 'first' } }
    )
    rerender({ value: 'second' })
    expect(calls).toEqual([])
    finishLoading(copy)
    await waitFor(() => expect(calls).toEqual(['restore from before the reload', 'save first', 'save second']))
    expect(copy.kept).toEqual(['second'])
    expect(loads).toBe(1)
  })

  it('costs nothing but the copy when its module cannot load', async () => {
    const saved: string[] = []
    const { rerender } = renderHook(({ value }: { value: string }) => useRestoredCopy(() => Promise.reject(new Error('Failed to fetch dynamically imported module')), () => undefined, (_module: unknown, value: string) => saved.push(value), value), {
      initialProps: { value: 'first' }
    })
    rerender({ value: 'second' })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(saved).toEqual([])
  })
})
