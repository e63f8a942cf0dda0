import { describe, expect, it } from 'vitest'
import { mergeSettingsLayers } from './merge-settings.ts'

describe('mergeSettingsLayers', () => {
  it.each([
    { case: 'a higher scalar wins', layers: [{ model: 'a' }, { model: 'b' }], merged: { model: 'b' } },
    { case: 'an undefined value keeps the lower one', layers: [{ model: 'a' }, { model: undefined }], merged: { model: 'a' } },
    { case: 'objects merge key by key', layers: [{ env: { A: '1', B: '1' } }, { env: { B: '2' } }], merged: { env: { A: '1', B: '2' } } },
    { case: 'lists concatenate without repeats', layers: [{ allow: ['x', 'y'] }, { allow: ['y', 'z'] }], merged: { allow: ['x', 'y', 'z'] } },
    { case: 'a scalar replaces an object', layers: [{ compaction: { auto: true } }, { compaction: false }], merged: { compaction: false } },
    { case: 'no layers give an empty object', layers: [], merged: {} }
  ])('$case', ({ layers, merged }) => {
    expect(mergeSettingsLayers<Record<string, unknown>>(layers)).toEqual(merged)
  })

  it('does not change its inputs', () => {
    const lower = { env: { A: '1' }, allow: ['x'] }
    mergeSettingsLayers<Record<string, unknown>>([lower, { env: { B: '2' }, allow: ['y'] }])
    expect(lower).toEqual({ env: { A: '1' }, allow: ['x'] })
  })
})
