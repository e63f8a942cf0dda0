// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { TPermissionRequest } from '../../lib/session/permission-enforcer-types.ts'
import { PermissionPrompt } from './permission-prompt.tsx'

afterEach(cleanup)

const request: TPermissionRequest = { toolName: 'Bash', toolCallId: 'call-1', parameters: { command: 'cat README.md' }, mode: 'default', suggestedPattern: 'Bash(cat *)' }
const nothing = () => undefined

describe('PermissionPrompt', () => {
  it.each([
    ['the session itself', request, 'The agent wants to run Bash'],
    ['a subagent', { ...request, subagent: { agentType: 'Explore', sessionId: 'child-1' } }, 'Explore (subagent) wants to run Bash']
  ])('says who asks when %s does', (_case, asked, text) => {
    const { getByRole } = render(
      <PermissionPrompt pending={{ requestId: 'r1', request: asked }} summary="cat README.md" preview={null} onAnswer={nothing} onStop={nothing} focus={false} />
    )
    expect(getByRole('alertdialog', { name: 'Allow Bash?' }).textContent).toContain(text)
  })
})
