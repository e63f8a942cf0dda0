import { describe, expect, it } from 'vitest'
import { createAssistantMessage, createToolMessage, createUserMessage } from '../../lib/core/messages.ts'
import { buildSummaryRequest } from '../../lib/session/compaction/compaction-prompt.ts'
import { nextDemoStep } from './offline-demo-provider.ts'

function textOf(step: ReturnType<typeof nextDemoStep>): string {
  return Array.isArray(step.text) ? step.text.join('') : (step.text ?? '')
}

describe('OfflineDemoProvider', () => {
  const conversation = [
    createUserMessage('What is in here?'),
    createAssistantMessage('Let me look.', { toolCalls: [{ id: 'c1', name: 'Bash', arguments: { command: 'ls' } }] }),
    createToolMessage(JSON.stringify({ output: 'README.md\nsrc\n' }), { toolCallId: 'c1', toolName: 'Bash' }),
    createAssistantMessage('It holds a README and src.')
  ]

  it('lists the workspace first, then reads the README, then answers from what the tools returned', () => {
    const first = nextDemoStep([createUserMessage('hi')], true)
    expect(first.toolCalls?.[0]?.arguments).toEqual({ command: 'ls' })
    const answer = nextDemoStep(
      [
        createUserMessage('hi'),
        createToolMessage(JSON.stringify({ output: 'README.md\nsrc\n' }), { toolCallId: 'a', toolName: 'Bash' }),
        createToolMessage(JSON.stringify({ output: '# Tiny project\n' }), { toolCallId: 'b', toolName: 'Bash' })
      ],
      true
    )
    expect(textOf(answer)).toContain('2 entries: README.md, src')
    expect(textOf(answer)).toContain('"Tiny project"')
  })

  it('answers a compaction request with a summary of the requests and commands, not a workspace report', () => {
    const step = nextDemoStep(buildSummaryRequest(conversation), false)
    expect(step.toolCalls).toBeUndefined()
    expect(textOf(step)).toContain('The user asked: "What is in here?".')
    expect(textOf(step)).toContain('Commands run: `ls`.')
    expect(textOf(step)).not.toContain('could not inspect')
  })

  it('hands a prompt that asks for a subagent to an Explore subagent, then answers with its report', () => {
    const first = nextDemoStep([createUserMessage('Delegate this to a subagent')], true, true)
    expect(first.toolCalls?.[0]).toMatchObject({ name: 'Agent', arguments: { subagent_type: 'Explore' } })
    const report = JSON.stringify({ sessionId: 's', agentType: 'Explore', response: 'Two files.' })
    const answer = nextDemoStep([createUserMessage('Delegate this to a subagent'), createToolMessage(report, { toolCallId: 'a', toolName: 'Agent' })], true, true)
    expect(textOf(answer)).toBe('The Explore subagent reported: Two files.')
    expect(nextDemoStep([createUserMessage('Delegate this to a subagent')], true, false).toolCalls?.[0]?.name).toBe('Bash')
  })
})
