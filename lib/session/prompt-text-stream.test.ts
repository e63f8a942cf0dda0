import { describe, expect, it } from 'vitest'
import { PromptTextStream } from './prompt-text-stream.ts'

describe('PromptTextStream', () => {
  it('takes deltas only while open, and starts a later round on a new paragraph', () => {
    const emitted: string[] = []
    const stream = new PromptTextStream((text) => emitted.push(text))
    stream.add('before the run')
    stream.open()
    stream.add('Looking. ', 1)
    stream.add('Done.', 2)
    stream.close()
    stream.add('after the run', 2)
    expect(stream.current).toBe('Looking. \n\nDone.')
    expect(emitted).toEqual(['Looking. ', '\n\n', 'Done.'])
    stream.reset()
    expect(stream.current).toBe('')
  })
})
