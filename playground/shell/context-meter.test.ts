import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import type { IAIProvider } from '../../lib/core/provider.ts'
import type { THostEvent } from '../../lib/host/agent-host.ts'
import { LocalAgentHost } from '../../lib/host/local-agent-host.ts'
import { MemorySessionStore } from '../../lib/storage/memory-session-store.ts'
import { ScriptedProvider } from '../../lib/testing/scripted-provider.ts'
import { createFunctionTool } from '../../lib/tools/function-tool.ts'
import { EMPTY_SESSION_VIEW, reduceSessionView, type TSessionViewState } from '../../worker/react/session-view-state.ts'
import { ContextMeter } from './context-meter.tsx'

const MEASURED = { usage: { inputTokens: 2400, outputTokens: 40, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 } }
const lookup = createFunctionTool('lookup', 'Looks a word up in the project glossary and returns its definition', { type: 'object', properties: { word: { type: 'string' } } }, () => 'a definition')

/** A host as the playground's worker holds one, and one page's view of a session, kept current from the host's events. */
async function startPage() {
  const provider = new ScriptedProvider([{ text: 'Here is what the README says.', metadata: MEASURED }, { text: 'And the rest of it, unmeasured.' }])
  const host = new LocalAgentHost({
    store: new MemorySessionStore(),
    createSandbox: () => new InMemorySandboxClient({ files: { 'README.md': '# Demo\n', 'AGENTS.md': 'Answer in one short paragraph.\n' } }),
    createProvider: (): IAIProvider => provider,
    defaultProvider: { kind: 'scripted', model: 'scripted-model' },
    systemMessage: 'You help people read this project.',
    tools: [lookup],
    eventIntervalMs: 1,
    permissionMode: 'bypassPermissions'
  })
  const views = new Map<string, TSessionViewState>()
  await host.subscribe((events: THostEvent[]) => {
    for (const [id, view] of views) views.set(id, reduceSessionView(view, { type: 'host_events', events }))
  })
  // Opened as the playground opens a session (its latest messages and events only), then
  // assembled by the first call that needs the session, as the page's command list does.
  const open = async (sessionId: string) => {
    views.set(sessionId, reduceSessionView(EMPTY_SESSION_VIEW, { type: 'opened', view: await host.openSession(sessionId, { latestMessages: 2, latestEvents: 3 }) }))
    await host.listCommands(sessionId)
  }
  return { host, views, open }
}

async function meterOf(views: Map<string, TSessionViewState>, sessionId: string): Promise<string> {
  await expect.poll(() => views.get(sessionId)?.context).toBeDefined()
  const context = views.get(sessionId)?.context
  if (!context) throw new Error('no context figure')
  return /<span class="context-numbers">(.*?)<\/span>/.exec(renderToStaticMarkup(createElement(ContextMeter, { context, model: 'offline-demo' })))?.[1] ?? ''
}

async function contextCommandOf(host: LocalAgentHost, sessionId: string): Promise<string> {
  const { message } = await host.executeCommand(sessionId, '/context')
  return /^Context: (.*) tokens/.exec(message)?.[1] ?? message
}

describe('the context meter and /context', () => {
  it('show one figure for one session, with its system prompt and tools, after a measured turn and after more messages', async () => {
    const { host, views, open } = await startPage()
    const session = await host.createSession()
    await open(session.id)
    expect(await meterOf(views, session.id)).toBe(`≈${await contextCommandOf(host, session.id)}`)

    await host.submit(session.id, 'What does the README say?')
    await expect.poll(() => views.get(session.id)?.context?.estimated).toBe(false)
    expect(await meterOf(views, session.id)).toBe('2.4K / 200K')
    expect(await contextCommandOf(host, session.id)).toBe('2.4K / 200K')

    await host.submit(session.id, 'And the rest of it, in full detail, section by section, please. '.repeat(200))
    await expect.poll(() => views.get(session.id)?.running).toBe(false)
    const after = await meterOf(views, session.id)
    expect(after).toBe(await contextCommandOf(host, session.id))
    // The unmeasured prompt outweighs what the provider measured last, and the figure grows with it.
    expect(after).not.toBe('2.4K / 200K')
  })

  it('shows a fork the figure of its original at the same messages', async () => {
    const { host, views, open } = await startPage()
    const session = await host.createSession()
    await open(session.id)
    await host.submit(session.id, 'What does the README say?')
    await host.submit(session.id, 'And the rest of it, please.')
    const original = await contextCommandOf(host, session.id)

    const fork = await host.forkSession(session.id)
    await open(fork.id)
    expect(await meterOf(views, fork.id)).toBe(original)
    expect(await contextCommandOf(host, fork.id)).toBe(original)
    expect(views.get(fork.id)?.context).toEqual(views.get(session.id)?.context)
  })
})
