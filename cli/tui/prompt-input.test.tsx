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

  it.each(['list the files\r', 'list the files\n', 'list the files\r\n'])('submits text and Enter sent in one chunk: %j', async (chunk) => {
    const { stdin, lastFrame, submitted, unmount } = renderPrompt()
    stdin.write(chunk)
    await settle()
    expect(submitted).toEqual(['list the files'])
    expect(lastFrame()).not.toContain('list the files')
    unmount()
  })

  it('runs the highlighted command for a partial name sent with Enter, as typed key by key', async () => {
    const { stdin, submitted, unmount } = renderPrompt()
    stdin.write('/st\r')
    await settle()
    expect(submitted).toEqual(['/status'])
    unmount()
  })

  it('keeps the line breaks of a pasted block of lines, and Enter then sends it whole', async () => {
    const { stdin, lastFrame, submitted, unmount } = renderPrompt()
    stdin.write('first line\rsecond line\r')
    await settle()
    expect(submitted).toEqual([])
    expect(lastFrame()).toContain('second line')
    stdin.write('\r')
    await settle()
    expect(submitted).toEqual(['first line\nsecond line\n'])
    unmount()
  })

  it('takes a backslash before an Enter in the same chunk as a new line', async () => {
    const { stdin, submitted, unmount } = renderPrompt()
    stdin.write('one\\\r')
    stdin.write('two\r')
    await settle()
    expect(submitted).toEqual(['one\ntwo'])
    unmount()
  })
})
