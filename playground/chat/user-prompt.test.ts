import { describe, expect, it } from 'vitest'
import { foldedPrompt } from './user-prompt.tsx'

describe('foldedPrompt', () => {
  it('leaves a short prompt whole', () => {
    expect(foldedPrompt('What is in this workspace?')).toBeUndefined()
    expect(foldedPrompt(Array.from({ length: 12 }, (_, index) => `line ${index}`).join('\n'))).toBeUndefined()
  })

  it('folds a prompt of many lines to its first twelve, and one long line to its first 1,500 characters', () => {
    const lines = Array.from({ length: 5_000 }, (_, index) => `line ${index}`)
    expect(foldedPrompt(lines.join('\n'))?.split('\n')).toEqual(lines.slice(0, 12))
    expect(foldedPrompt('x'.repeat(200_000))).toHaveLength(1_500)
  })
})
