import { describe, expect, it } from 'vitest'
import { toModelChoices } from './model-choices.ts'

const BUILT_IN = [
  { name: 'GPT-4o mini', id: 'gpt-4o-mini', contextWindow: 128_000, maxOutput: 16_384 },
  { name: 'GPT-5 mini', id: 'gpt-5-mini', contextWindow: 400_000, maxOutput: 128_000 }
]

describe('toModelChoices', () => {
  it.each([
    ['the built-in table before any listing', undefined, 'gpt-5-mini', ['GPT-4o mini (gpt-4o-mini) · 128K context', 'GPT-5 mini (gpt-5-mini) · 400K context']],
    [
      'the built-in table when the listing fell back',
      { status: 'fallback' as const, models: [], message: 'Could not list the models (no key); showing the built-in list.' },
      'gpt-4o-mini',
      ['GPT-4o mini (gpt-4o-mini) · 128K context', 'GPT-5 mini (gpt-5-mini) · 400K context']
    ],
    [
      'the live list, the chosen model kept first when the list lacks it',
      { status: 'live' as const, models: [{ id: 'gpt-4o-mini', displayName: 'GPT-4o mini', contextWindow: 128_000 }, { id: 'brand-new', displayName: 'brand-new' }] },
      'gpt-5-mini',
      ['gpt-5-mini (not listed)', 'GPT-4o mini (gpt-4o-mini) · 128K context', 'brand-new']
    ]
  ])('offers %s', (_name, listing, chosen, labels) => {
    expect(toModelChoices(BUILT_IN, listing, chosen).map((choice) => choice.label)).toEqual(labels)
  })
})
