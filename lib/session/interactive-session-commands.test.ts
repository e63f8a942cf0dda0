import { describe, expect, it } from 'vitest'
import { ProviderError } from '../core/errors.ts'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { ScriptedProvider, type TScriptedStepSource } from '../testing/scripted-provider.ts'
import { InteractiveSession } from './interactive-session.ts'

const files = { '.claude/commands/deploy.md': '---\ndescription: Deploy the app\n---\nRun ./deploy.sh $ARGUMENTS and report.' }

function open(steps: TScriptedStepSource[], deltaDelayMs = 0) {
  const provider = new ScriptedProvider(steps, { deltaDelayMs })
  const sandbox = new InMemorySandboxClient({ files, cwd: '/workspace' })
  const session = new InteractiveSession({ provider, sandbox, cwd: '/workspace', permissionMode: 'bypassPermissions' })
  return { session, provider }
}

describe('InteractiveSession commands', () => {
  it('lists the built-in commands and the skills', async () => {
    const { session } = open([])
    await session.ready()
    const names = session.listCommands().map((command) => command.name)
    expect(names).toEqual(['help', 'clear', 'compact', 'mode', 'model', 'language', 'cost', 'context', 'permissions', 'resume', 'rename', 'reset', 'deploy'])
    expect(session.getCommandRegistry().getCommands('dep')).toEqual([{ name: 'deploy', description: 'Deploy the app', origin: 'skill' }])
    expect((await session.executeCommand('help'))?.message).toContain('/deploy — Deploy the app')
    expect(await session.executeCommand('no-such-command')).toBeNull()
  })

  it('reports the context window and the cost', async () => {
    const { session } = open([{ text: 'hello', metadata: { inputTokens: 1500, outputTokens: 500 } }])
    await session.submit('hi')
    expect((await session.executeCommand('context'))?.data).toEqual({ maxTokens: 200_000, usedTokens: 2000, usedPercentage: 1, estimated: false })
    expect((await session.executeCommand('cost'))?.data).toMatchObject({ sessionId: session.getSessionId(), messageCount: 2, inputTokens: 1500, outputTokens: 500 })
  })

  it('switches to plan mode, after which Bash is refused', async () => {
    const { session } = open([{ toolCalls: [{ name: 'Bash', arguments: { command: 'touch x' } }] }, { text: 'Not allowed.' }])
    await session.ready()
    expect(await session.executeCommand('mode', 'plan')).toMatchObject({ success: true })
    expect(session.getPermissionMode()).toBe('plan')
    const result = await session.submit('make a file')
    expect(result?.toolSummaries).toEqual([expect.objectContaining({ toolName: 'Bash', result: 'denied' })])
  })

  it('clears the conversation and the message list', async () => {
    const { session, provider } = open([{ text: 'one' }, { text: 'two' }])
    await session.submit('first')
    await session.executeCommand('clear')
    expect(session.getMessages()).toEqual([])
    expect(session.getFullHistory()).toEqual([])
    await session.submit('second')
    expect(provider.calls[1]?.messages.map((message) => message.role)).toEqual(['system', 'user'])
  })

  it('sets the response language for the next prompt', async () => {
    const { session, provider } = open([{ text: 'konnichiwa' }])
    await session.ready()
    await session.executeCommand('language', 'Japanese')
    await session.submit('hi')
    expect(provider.calls[0]?.messages[0]?.content).toContain('Always respond in Japanese')
  })

  it('runs a skill: its prompt is submitted with the arguments and the invocation is in the history', async () => {
    const { session, provider } = open([{ text: 'Deployed.' }])
    const result = await session.executeCommand('deploy', 'prod')
    expect(result).toEqual({ success: true, message: 'Deployed.', data: { skillName: 'deploy', interrupted: false } })
    expect(provider.calls[0]?.messages.at(-1)?.content).toBe('Run ./deploy.sh prod and report.')
    const invocation = session.getFullHistory().find((entry) => entry.type === 'skill-invocation')
    expect(invocation?.data).toEqual({ skillName: 'deploy', displayInput: '/deploy prod' })
  })

  it('reports a skill whose prompt failed as not completed, saying why', async () => {
    const { session } = open([{ error: new ProviderError('HTTP 500 server error') }])
    const result = await session.executeCommand('deploy', 'prod')
    expect(result).toEqual({ success: false, message: expect.stringMatching(/^The skill deploy did not complete: .*HTTP 500 server error/), data: { skillName: 'deploy', interrupted: false } })
  })

  it('refuses to compact or clear while a prompt runs', async () => {
    const { session } = open([{ text: ['slow', ' answer'] }], 15)
    await session.ready()
    const running = session.submit('go')
    expect(await session.executeCommand('compact')).toMatchObject({ success: false, message: expect.stringMatching(/busy/) })
    expect(await session.executeCommand('clear')).toMatchObject({ success: false })
    await running
    expect(session.getMessages()).toHaveLength(2)
  })

  it('signals resume and reset to the caller without acting', async () => {
    const { session } = open([])
    expect((await session.executeCommand('resume'))?.data).toEqual({ triggerResumePicker: true })
    expect((await session.executeCommand('reset'))?.data).toEqual({ resetRequested: true })
  })
})
