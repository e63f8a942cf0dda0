import { render } from 'ink-testing-library'
import { describe, expect, it } from 'vitest'
import { PromptInput } from './prompt-input.tsx'

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))
const UP = '\u001B[A'
const DOWN = '\u001B[B'

function renderPrompt(history: readonly string[] = []) {
  const submitted: string[] = []
  const commands = [
    { name: 'sync', description: 'Write the sandbox changes here' },
    { name: 'status', description: 'Show the session' }
  ]
  const rendered = render(<PromptInput history={history} commands={commands} isActive onSubmit={(text) => submitted.push(text)} />)
  return { ...rendered, submitted }
}

// Each group of keys is written in one go, before Ink renders or re-subscribes its input handler,
// as keys from fast typing, a paste or a script reach the client.
describe('prompt input, keys faster than renders', () => {
  it('keeps every key typed before the screen caught up', async () => {
    const { stdin, lastFrame, submitted, unmount } = renderPrompt()
    for (const key of ['h', 'e', 'l', 'l', 'o']) stdin.write(key)
    await settle()
    expect(lastFrame()).toContain('❯ hello')
    expect(submitted).toEqual([])
    unmount()
  })

  it('submits the whole text when Enter follows the typing at once', async () => {
    const { stdin, lastFrame, submitted, unmount } = renderPrompt()
    stdin.write('/sy')
    stdin.write('nc')
    stdin.write('\r')
    await settle()
    expect(submitted).toEqual(['/sync'])
    expect(lastFrame()).not.toContain('/sync')
    unmount()
  })

  it('runs the suggestion the arrows picked just before Enter', async () => {
    const { stdin, submitted, unmount } = renderPrompt()
    stdin.write('/s')
    await settle()
    stdin.write(DOWN)
    stdin.write('\r')
    await settle()
    expect(submitted).toEqual(['/status'])
    unmount()
  })

  it('walks back through earlier prompts as fast as Up is pressed', async () => {
    const { stdin, submitted, unmount } = renderPrompt(['first', 'second'])
    stdin.write(UP)
    stdin.write(UP)
    stdin.write('\r')
    await settle()
    expect(submitted).toEqual(['first'])
    unmount()
  })
})
