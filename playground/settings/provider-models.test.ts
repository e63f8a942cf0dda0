import { describe, expect, it } from 'vitest'
import { PROVIDER_OPTIONS } from './provider-catalog.ts'
import { PROVIDER_MODELS } from './provider-models.ts'

describe('provider models', () => {
  it("lists each provider's default model in that provider's table", () => {
    for (const option of PROVIDER_OPTIONS) expect(PROVIDER_MODELS[option.kind].map((model) => model.id)).toContain(option.defaultModel)
  })
})
