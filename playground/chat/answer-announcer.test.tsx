// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { TUniversalMessage } from '../../lib/core/messages.ts'
import { AnswerAnnouncer } from './answer-announcer.tsx'

afterEach(cleanup)

const user = (id: string, content: string): TUniversalMessage => ({ id, role: 'user', content, state: 'complete', timestamp: 0 })
const assistant = (id: string, content: string): TUniversalMessage => ({ id, role: 'assistant', content, state: 'complete', timestamp: 0 })

const ANSWER = [
  '## Summary',
  '',
  'The **README** says to run `npm test`; see [the docs](https://example.com/docs/start).',
  '',
  '```sh',
  'npm test',
  '```'
].join('\n')

describe('AnswerAnnouncer', () => {
  it('announces a new answer as the text it shows, without its Markdown, and not what the session held when it opened', async () => {
    const history = [user('u1', 'hi'), assistant('a1', '**Earlier** answer')]
    const { container, rerender } = render(<AnswerAnnouncer messages={history} />)
    const region = container.querySelector('[aria-live="polite"]')
    expect(region?.textContent).toBe('')

    rerender(<AnswerAnnouncer messages={[...history, user('u2', 'how do I test?'), assistant('a2', ANSWER)]} />)
    await expect.poll(() => region?.textContent).not.toBe('')
    const announced = region?.textContent ?? ''
    expect(announced.replace(/\s+/g, ' ')).toBe('Summary The README says to run npm test; see the docs (example.com). npm test')
    expect(announced).not.toMatch(/[#*`[\]]/)
  })
})
