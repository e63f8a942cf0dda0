import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { verifyReplayLog } from '../../storage/replay-log/hash-chain.ts'
import { MemorySessionStore } from '../../storage/memory-session-store.ts'
import { ScriptedProvider, type TScriptedStepSource } from '../../testing/scripted-provider.ts'
import { InteractiveSession } from '../interactive-session.ts'
import type { TInteractiveSessionOptions } from '../interactive-session-types.ts'
import type { TPermissionRequest } from '../permission-enforcer-types.ts'
import type { TSessionEvent } from '../session-events.ts'

const agentCall = (subagentType: string) => ({
  name: 'Agent',
  arguments: { description: 'find main', prompt: 'Where is main defined?', subagent_type: subagentType }
})

function open(steps: TScriptedStepSource[], options: Partial<TInteractiveSessionOptions> = {}) {
  const provider = new ScriptedProvider(steps)
  const store = new MemorySessionStore()
  const events: TSessionEvent[] = []
  const sandbox = new InMemorySandboxClient({
    cwd: '/workspace',
    files: {
      'src/main.ts': 'export function main() {}\n',
      '.robota/agents/reader.md': '---\ndescription: Reads one file\ntools: [Read]\n---\nYou only read.'
    }
  })
  const session = new InteractiveSession({
    provider,
    sandbox,
    store,
    cwd: '/workspace',
    permissionMode: 'bypassPermissions',
    onReplayEvent: (event) => events.push(event),
    ...options
  })
  return { provider, store, session, events }
}

describe('the Agent tool', () => {
  it('runs a child session with its own linked, persisted log and returns its report to the parent', async () => {
    const { provider, store, session, events } = open([
      { text: 'Delegating.', toolCalls: [agentCall('Explore')] },
      { toolCalls: [{ name: 'Read', arguments: { filePath: 'src/main.ts' } }] },
      { text: 'main is in src/main.ts' },
      { text: 'The explorer found it in src/main.ts.' }
    ])
    const result = await session.submit('Find main')
    expect(result?.response).toBe('The explorer found it in src/main.ts.')

    const childCalls = provider.calls.slice(1, 3)
    expect(childCalls.map((call) => call.options.model)).toEqual(['claude-haiku-4-5', 'claude-haiku-4-5'])
    expect(childCalls[0]?.options.tools?.map((tool) => tool.name)).toEqual(['Bash', 'Read', 'Glob', 'Grep', 'WebFetch'])
    expect(childCalls[0]?.messages.at(-1)?.content).toBe('Where is main defined?')

    const toolMessage = session.getMessages().find((message) => message.role === 'tool')
    const report = JSON.parse(toolMessage?.content ?? '{}') as { sessionId: string; agentType: string; response: string }
    expect(report).toMatchObject({ agentType: 'Explore', response: 'main is in src/main.ts', interrupted: false, toolsExecuted: ['Read'] })
    expect(report.sessionId).not.toBe(session.getSessionId())

    const child = await store.loadSession(report.sessionId)
    expect(child?.name).toBe('Explore: find main')
    expect(child).toMatchObject({ parentSessionId: session.getSessionId(), parentToolCallId: 'call_0_0' })
    const listed = (await store.listSessions()).sessions.find((summary) => summary.id === report.sessionId)
    expect(listed).toMatchObject({ parentSessionId: session.getSessionId(), parentToolCallId: 'call_0_0' })
    expect((await store.loadSession(session.getSessionId()))?.parentSessionId).toBeUndefined()
    expect(child?.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant'])
    expect(child?.messages[2]?.content).toContain('export function main()')
    const childEvents = await store.loadEvents(report.sessionId)
    expect(childEvents[0]).toMatchObject({
      seq: 0,
      type: 'session_link',
      data: { parentSessionId: session.getSessionId(), parentToolCallId: 'call_0_0', agentType: 'Explore' }
    })
    expect(childEvents.map((event) => event.seq)).toEqual(childEvents.map((_, index) => index))
    expect(verifyReplayLog(await store.loadReplayLog(report.sessionId)).ok).toBe(true)
    expect(events.filter((event) => event.sessionId === report.sessionId)).toHaveLength(childEvents.length)
    expect(session.getFullHistory().filter((entry) => entry.category === 'chat')).toHaveLength(4)
  })

  it('gives a custom agent only its allowed tools and never the Agent tool', async () => {
    const { provider, session } = open([{ toolCalls: [agentCall('reader')] }, { text: 'read it' }, { text: 'done' }])
    await session.submit('go')
    expect(provider.calls[0]?.options.tools?.map((tool) => tool.name)).toContain('Agent')
    expect(provider.calls[1]?.options.tools?.map((tool) => tool.name)).toEqual(['Read'])
    expect(provider.calls[1]?.messages[0]?.content).toContain('You only read.')
  })

  it('refuses an unknown agent type with the list of available ones', async () => {
    const { session } = open([{ toolCalls: [agentCall('Nope')] }, { text: 'ok' }])
    await session.submit('go')
    const toolMessage = session.getMessages().find((message) => message.role === 'tool')
    expect(toolMessage?.content).toMatch(/Unknown subagent type "Nope"\. Available: general-purpose, Explore, Plan, reader\./)
  })

  it("asks the parent's permission handler naming the subagent that asks", async () => {
    const requests: TPermissionRequest[] = []
    const { session } = open(
      [{ toolCalls: [agentCall('Explore')] }, { toolCalls: [{ name: 'Bash', arguments: { command: 'touch x' } }] }, { text: 'touched' }, { text: 'ok' }],
      { permissionMode: 'default', permissionHandler: async (request) => (requests.push(request), 'allow_once') }
    )
    await session.submit('go')
    const toolMessage = session.getMessages().find((message) => message.role === 'tool')
    const report = JSON.parse(toolMessage?.content ?? '{}') as { sessionId: string }
    expect(requests).toHaveLength(1)
    expect(requests[0]).toMatchObject({ toolName: 'Bash', subagent: { agentType: 'Explore', sessionId: report.sessionId } })
  })

  it('runs the child in the parent\'s permission mode', async () => {
    const { provider, session } = open(
      [{ toolCalls: [agentCall('general-purpose')] }, { toolCalls: [{ name: 'Bash', arguments: { command: 'touch x' } }] }, { text: 'blocked' }, { text: 'ok' }],
      { permissionMode: 'plan' }
    )
    await session.submit('go')
    const childToolResult = provider.calls[2]?.messages.find((message) => message.role === 'tool')
    expect(childToolResult?.content).toMatch(/Permission denied for Bash/)
  })
})
