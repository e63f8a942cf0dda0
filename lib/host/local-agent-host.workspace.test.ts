import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import type { IAIProvider } from '../core/provider.ts'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import { ScriptedProvider, type TScriptedStepSource } from '../testing/scripted-provider.ts'
import { LocalAgentHost } from './local-agent-host.ts'

const WORKSPACE = {
  '.robota/settings.json': JSON.stringify({
    language: 'Korean',
    permissions: { deny: ['Bash(ls *)', 'Bash(ls)'] },
    hooks: {
      UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'cat > /workspace/prompt-seen.json' }] }],
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'if grep -q "rm -rf"; then echo "no deleting" >&2; exit 2; fi' }] }]
    }
  }),
  'AGENTS.md': 'Always answer with a haiku.',
  'src/main.ts': 'export function main() {}\n'
}

function makeHost(steps: TScriptedStepSource[]) {
  const provider = new ScriptedProvider(steps, { name: 'scripted' })
  const store = new MemorySessionStore()
  const host = new LocalAgentHost({
    store,
    createSandbox: () => new InMemorySandboxClient({ files: { ...WORKSPACE }, cwd: '/workspace' }),
    createProvider: (): IAIProvider => provider,
    defaultProvider: { kind: 'scripted', model: 'scripted-model' },
    eventIntervalMs: 1,
    permissionMode: 'bypassPermissions'
  })
  return { host, store, provider }
}

const ofType = <TType extends TExecutionEventEnvelope['type']>(events: TExecutionEventEnvelope[], type: TType) =>
  events.filter((event) => event.type === type) as Array<TExecutionEventEnvelope<TType>>

describe('LocalAgentHost: each session is the SDK session of its workspace', () => {
  it('applies the settings, hooks, AGENTS.md and language the sandbox holds', async () => {
    const { host, store, provider } = makeHost([
      { text: 'Looking.', toolCalls: [{ name: 'Bash', arguments: { command: 'ls' } }] },
      { text: 'Cleaning.', toolCalls: [{ name: 'Bash', arguments: { command: 'rm -rf src' } }] },
      { text: 'Done.' }
    ])
    const session = await host.createSession()
    await host.submit(session.id, 'Tidy up')

    const system = provider.calls[0]?.messages[0]
    expect(system?.role).toBe('system')
    expect(system?.content).toContain('Always answer with a haiku.')
    expect(system?.content).toContain('Always respond in Korean')
    expect(provider.calls[0]?.options.tools?.map((tool) => tool.name)).toEqual(['Bash', 'Read', 'Write', 'Edit', 'Glob', 'Grep', 'WebFetch', 'Agent'])

    const events = await store.loadEvents(session.id)
    // The deny rule of the settings wins even in bypassPermissions.
    const decisions = ofType(events, 'permission_decision')
    expect(decisions[0]?.data).toMatchObject({ toolName: 'Bash', decision: 'deny', mode: 'bypassPermissions' })
    // The PreToolUse hook blocked the deletion: src is still there.
    expect(await host.readFile(session.id, '/workspace/src/main.ts')).toContain('main')
    const hooks = ofType(events, 'hook_result').map((event) => event.data)
    expect(hooks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ event: 'UserPromptSubmit', blocked: false, exitCode: 0 }),
        expect.objectContaining({ event: 'PreToolUse', blocked: true, exitCode: 2 })
      ])
    )
    // The UserPromptSubmit hook ran in the session's sandbox and got the prompt.
    expect(JSON.parse(await host.readFile(session.id, '/workspace/prompt-seen.json'))).toMatchObject({ hook_event_name: 'UserPromptSubmit', prompt: 'Tidy up' })
  })

  it('offers the Agent tool, whose subagent keeps a linked log in the store', async () => {
    const { host, store } = makeHost([
      { text: 'Delegating.', toolCalls: [{ name: 'Agent', arguments: { description: 'find main', prompt: 'Where is main?', subagent_type: 'Explore' } }] },
      { toolCalls: [{ name: 'Read', arguments: { filePath: 'src/main.ts' } }] },
      { text: 'In src/main.ts.' },
      { text: 'The explorer found it.' }
    ])
    const session = await host.createSession()
    const result = await host.submit(session.id, 'Find main')

    expect(result.response).toBe('The explorer found it.')
    const { sessions } = await host.listSessions()
    const child = sessions.find((summary) => summary.id !== session.id)
    expect(child?.name).toBe('Explore: find main')
    expect(child?.parentSessionId).toBe(session.id)
    const childEvents = await store.loadEvents(child?.id ?? '')
    expect(childEvents[0]).toMatchObject({ type: 'session_link', data: { parentSessionId: session.id, agentType: 'Explore' } })

    // A fork of a run is the person's own session; deleting the parent deletes its runs, and nothing else.
    const fork = await host.forkSession(child?.id ?? '')
    expect(fork.parentSessionId).toBeUndefined()
    const other = await host.createSession()
    await host.deleteSession(session.id)
    expect((await host.listSessions()).sessions.map((summary) => summary.id).sort()).toEqual([other.id, fork.id].sort())
    expect(await store.loadEvents(child?.id ?? '')).toEqual([])
  })

  it('changes the response language with /language, and keeps it when the session is opened again', async () => {
    const { host, provider } = makeHost([{ text: 'One.' }, { text: 'Two.' }])
    const session = await host.createSession()
    expect(await host.executeCommand(session.id, '/language French')).toMatchObject({ success: true })
    await host.closeSession(session.id)
    await host.submit(session.id, 'Hello')
    expect(provider.calls[0]?.messages[0]?.content).toContain('Always respond in French')
  })
})

describe('LocalAgentHost: files the page puts in', () => {
  it('reads settings and AGENTS.md written into an open session before its next turn', async () => {
    const provider = new ScriptedProvider([{ text: 'One.' }, { text: 'Two.' }], { name: 'scripted' })
    const host = new LocalAgentHost({
      store: new MemorySessionStore(),
      createSandbox: () => new InMemorySandboxClient({ cwd: '/workspace' }),
      createProvider: (): IAIProvider => provider,
      defaultProvider: { kind: 'scripted', model: 'scripted-model' }
    })
    const session = await host.createSession()
    await host.submit(session.id, 'Hello')
    expect(provider.calls[0]?.messages[0]?.content).not.toContain('Always respond in Italian')
    await host.writeFile(session.id, '/workspace/.robota/settings.json', JSON.stringify({ language: 'Italian' }))
    await host.writeFile(session.id, '/workspace/AGENTS.md', 'Be brief.')
    await host.submit(session.id, 'Again')
    expect(provider.calls[1]?.messages[0]?.content).toContain('Always respond in Italian')
    expect(provider.calls[1]?.messages[0]?.content).toContain('Be brief.')
    expect(provider.calls[1]?.messages.map((message) => message.content)).toContain('One.')
  })
})

describe('LocalAgentHost: a session assembled again', () => {
  it('keeps what the user allowed for the session after files put in make it re-read its workspace', async () => {
    const provider = new ScriptedProvider(
      [
        { toolCalls: [{ name: 'Bash', arguments: { command: 'cat README.md' } }] },
        { text: 'Read it.' },
        { toolCalls: [{ name: 'Bash', arguments: { command: 'cat README.md' } }] },
        { text: 'Read it again.' }
      ],
      { name: 'scripted' }
    )
    const host = new LocalAgentHost({
      store: new MemorySessionStore(),
      createSandbox: () => new InMemorySandboxClient({ files: { 'README.md': '# Hi\n' }, cwd: '/workspace' }),
      createProvider: (): IAIProvider => provider,
      defaultProvider: { kind: 'scripted', model: 'scripted-model' },
      eventIntervalMs: 1
    })
    let prompts = 0
    await host.subscribe(async (events) => {
      for (const event of events) {
        if (event.kind !== 'permission_request') continue
        prompts++
        await host.answerPermission(event.sessionId, event.requestId, { allowForSession: 'Bash(cat *)' })
      }
    })
    const session = await host.createSession()
    await host.submit(session.id, 'Read the README')
    await host.writeFile(session.id, '/workspace/AGENTS.md', 'Be brief.')
    await host.submit(session.id, 'Read it again')

    expect(prompts).toBe(1)
    const { events } = await host.openSession(session.id)
    const sources = events.flatMap((event) => (event.type === 'permission_decision' ? [event.data.source] : []))
    expect(sources).toEqual(['handler', 'session_rule'])
  })
})

describe('LocalAgentHost: hooks without a moment', () => {
  it('refuses Notification and worktree hooks in the settings, naming them, instead of never running them', async () => {
    const store = new MemorySessionStore()
    const settings = JSON.stringify({ hooks: { Notification: [{ hooks: [{ type: 'command', command: 'true' }] }] } })
    const host = new LocalAgentHost({
      store,
      createSandbox: () => new InMemorySandboxClient({ files: { '.robota/settings.json': settings }, cwd: '/workspace' }),
      createProvider: (): IAIProvider => new ScriptedProvider([{ text: 'never' }]),
      defaultProvider: { kind: 'scripted', model: 'scripted-model' }
    })
    const session = await host.createSession()
    await expect(host.submit(session.id, 'Hello')).rejects.toThrow(/^The hooks settings \(\.robota\/settings\.json and the layers beside it\): hooks for Notification would never run/)
  })
})

describe('LocalAgentHost: reading files for the page', () => {
  it('gives a text file as text and refuses a binary one, saying so and how large it is', async () => {
    const { host } = makeHost([])
    const session = await host.createSession()
    await host.writeFile(session.id, '/workspace/logo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]))
    const refusal = await host.readFile(session.id, '/workspace/logo.png').then(
      () => undefined,
      (error: unknown) => error
    )
    expect(refusal).toMatchObject({ code: 'VALIDATION_ERROR', message: '/workspace/logo.png is a binary file (8 bytes); it is not shown as text.', details: { binary: true, bytes: 8 } })
    expect(await host.readFile(session.id, '/workspace/src/main.ts')).toBe('export function main() {}\n')
  })
})

