import { render } from 'ink-testing-library'
import { describe, expect, it } from 'vitest'
import type { TPermissionAnswer, TPermissionRequest } from '../../lib/session/permission-enforcer-types.ts'
import { PermissionPrompt } from './permission-prompt.tsx'
import { PermissionRequests } from './permission-requests.ts'

const request: TPermissionRequest = {
  toolName: 'Bash',
  toolCallId: 'call-1',
  parameters: { command: 'npm test' },
  mode: 'default',
  suggestedPattern: 'Bash(npm test)'
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('permission prompt', () => {
  it.each([
    { keys: ['1'], answer: 'allow_once' },
    { keys: ['2'], answer: { allowForSession: 'Bash(npm test)' } },
    { keys: ['\u001B[B', '\u001B[B', '\r'], answer: 'deny' }
  ])('answers $answer from $keys', async ({ keys, answer }) => {
    const answers: TPermissionAnswer[] = []
    const { stdin, lastFrame, unmount } = render(<PermissionPrompt request={request} onAnswer={(value) => answers.push(value)} />)
    expect(lastFrame()).toContain('Bash wants to run:')
    expect(lastFrame()).toContain('npm test')
    expect(lastFrame()).toContain('2. Allow Bash(npm test) for this session')
    for (const key of keys) {
      await settle()
      stdin.write(key)
    }
    await settle()
    expect(answers).toEqual([answer])
    unmount()
  })

  it('names the subagent whose call asks, as the playground does', () => {
    const asked = { ...request, subagent: { agentType: 'Explore', sessionId: 'run-1' } }
    const { lastFrame, unmount } = render(<PermissionPrompt request={asked} onAnswer={() => undefined} />)
    expect(lastFrame()).toContain('Explore (subagent) wants to run Bash:')
    expect(lastFrame()).toContain('npm test')
    unmount()
  })

  it('answers only the question on screen, however often its key is pressed', async () => {
    const requests = new PermissionRequests()
    const first = requests.handler(request, undefined)
    const second = { ...request, toolCallId: 'call-2', parameters: { command: 'rm -rf build' }, suggestedPattern: 'Bash(rm -rf build)' }
    void requests.handler(second, undefined)
    const shown = requests.current() as TPermissionRequest
    const { stdin, unmount } = render(<PermissionPrompt request={shown} onAnswer={(value) => requests.answer(shown.toolCallId, value)} />)
    stdin.write('1')
    stdin.write('1')
    await expect(first).resolves.toBe('allow_once')
    expect(requests.current()).toEqual(second)
    unmount()
  })

  it('withdraws a question when the run aborts, answering deny', async () => {
    const requests = new PermissionRequests()
    const controller = new AbortController()
    const answer = requests.handler(request, controller.signal)
    expect(requests.current()).toEqual(request)
    controller.abort()
    await expect(answer).resolves.toBe('deny')
    expect(requests.current()).toBeUndefined()
  })
})
