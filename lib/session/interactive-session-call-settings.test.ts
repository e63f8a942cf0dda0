import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { ScriptedProvider, type TScriptedStep } from '../testing/scripted-provider.ts'
import { InteractiveSession } from './interactive-session.ts'

function open(options: { settings?: unknown; disabledTools?: string[]; chatSettings?: { temperature?: number; maxTokens?: number } }, turns: TScriptedStep[] = [{ text: 'ok' }]) {
  const provider = new ScriptedProvider(turns)
  const files: Record<string, string> = options.settings === undefined ? {} : { '.robota/settings.json': JSON.stringify(options.settings) }
  const sandbox = new InMemorySandboxClient({ files, cwd: '/workspace' })
  const session = new InteractiveSession({
    provider,
    sandbox,
    cwd: '/workspace',
    permissionMode: 'bypassPermissions',
    ...(options.disabledTools ? { disabledTools: options.disabledTools } : {}),
    ...(options.chatSettings ? { chatSettings: options.chatSettings } : {})
  })
  return { session, provider }
}

describe('InteractiveSession: disabledTools and chatSettings', () => {
  it('leaves disabled tools out of every request, the Agent tool included', async () => {
    const { session, provider } = open({ disabledTools: ['Glob', 'Agent'] })
    await session.submit('hi')
    const offered = (provider.calls[0]?.options.tools ?? []).map((tool) => tool.name)
    expect(offered).toContain('Bash')
    expect(offered).not.toContain('Glob')
    expect(offered).not.toContain('Agent')
  })

  it('runs nothing for a call to a disabled tool that the model makes anyway', async () => {
    const { session } = open({ disabledTools: ['Bash'] }, [{ text: '', toolCalls: [{ name: 'Bash', arguments: { command: 'echo ran' } }] }, { text: 'done' }])
    await session.submit('hi')
    const [result] = session.getMessages().filter((message) => message.role === 'tool')
    expect(result?.content).toMatch(/^Error: Tool "Bash" was not executed because it is not registered\. Available tools: (?!.*Bash)/)
  })

  it('sends temperature and maxTokens, each beating the settings file, which keeps its other fields', async () => {
    const { session, provider } = open({ settings: { stopSequences: ['END'] }, chatSettings: { temperature: 0.1, maxTokens: 77 } })
    await session.submit('hi')
    expect(provider.calls[0]?.options).toMatchObject({ temperature: 0.1, maxTokens: 77, stopSequences: ['END'] })
  })
})
