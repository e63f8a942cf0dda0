import { describe, expect, it, vi } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import { ScriptedProvider } from '../testing/scripted-provider.ts'
import { LocalAgentHost } from './local-agent-host.ts'
import { PREPARE_SANDBOX_DELAY_MS } from './session-sandboxes.ts'

function makeHost(prepareSandbox: () => unknown) {
  return new LocalAgentHost({
    store: new MemorySessionStore(),
    createSandbox: () => new InMemorySandboxClient(),
    prepareSandbox,
    createProvider: () => new ScriptedProvider([{ text: 'Hello.' }]),
    defaultProvider: { kind: 'scripted', model: 'scripted-model' },
    eventIntervalMs: 1
  })
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))
const afterTheDelay = () => new Promise((resolve) => setTimeout(resolve, PREPARE_SANDBOX_DELAY_MS + 50))

describe('LocalAgentHost prepareSandbox', () => {
  it('readies the sandbox once, in a task after the first session opened, not before and not again', async () => {
    const prepareSandbox = vi.fn()
    const host = makeHost(prepareSandbox)
    const first = await host.createSession()
    const second = await host.createSession()
    await host.listSessions()
    await afterTheDelay()
    expect(prepareSandbox).not.toHaveBeenCalled()

    await host.openSession(first.id)
    // The open answers, and is shown, first.
    await nextTask()
    expect(prepareSandbox).not.toHaveBeenCalled()
    await afterTheDelay()
    expect(prepareSandbox).toHaveBeenCalledTimes(1)

    await host.openSession(second.id)
    await host.openSession(first.id)
    await afterTheDelay()
    expect(prepareSandbox).toHaveBeenCalledTimes(1)
  })

  it('leaves a failed preparation to the sandbox’s first use: opening and the turn go on', async () => {
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    try {
      const host = makeHost(() => Promise.reject(new Error('the shell did not load')))
      const session = await host.createSession()
      await host.openSession(session.id)
      await afterTheDelay()
      const turn = await host.submit(session.id, 'hi')
      expect(turn.response).toBe('Hello.')
      await nextTask()
      expect(unhandled).not.toHaveBeenCalled()
    } finally {
      process.off('unhandledRejection', unhandled)
    }
  })
})
