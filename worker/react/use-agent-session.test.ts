// @vitest-environment happy-dom
import { act, configure, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { RateLimitError } from '../../lib/core/errors.ts'
import type { IAgentHost, THostEvent, THostEventListener } from '../../lib/host/agent-host.ts'
import { OpenAIProvider } from '../../lib/providers/openai/openai-provider.ts'
import { MemorySessionStore } from '../../lib/storage/memory-session-store.ts'
import { ScriptedProvider } from '../../lib/testing/scripted-provider.ts'
import { createLocalAgentHost } from '../create-local-agent-host.ts'
import { createInProcessSessionLocks } from '../in-process-session-locks.ts'
import { TOOL_LOST_MESSAGE } from '../../lib/session/interrupted-turn-repair.ts'
import { startSimulatedTab, type TSimulatedTab } from '../simulated-tab.fixtures.ts'
import type { TSessionStatus } from './session-status.ts'
import { useAgentSession } from './use-agent-session.ts'
import { useReplayEvents } from './use-replay-events.ts'

// The first turn loads the shell, which takes seconds on a busy machine; the default wait is 1 s.
configure({ asyncUtilTimeout: 10_000 })

// The hooks run against in-thread hosts (the same class the worker exposes), two of them
// sharing a store, locks and a BroadcastChannel when a test plays two tabs.
let tabs: TSimulatedTab[] = []
let channelCount = 0

function startTabs(count: number) {
  const shared = { store: new MemorySessionStore(), locks: createInProcessSessionLocks(), channelName: `robota-react-${channelCount++}` }
  tabs = Array.from({ length: count }, () => startSimulatedTab(shared, { demoDeltaDelayMs: 4, eventIntervalMs: 2 }))
  return { shared, tabs }
}

/** One tab, and a session in it that has run one turn to its end. */
async function startWithOneTurn() {
  const { shared, tabs: [tab] } = startTabs(1)
  if (!tab) throw new Error('one tab expected')
  const session = await tab.host.createSession()
  const first = tab.host.submit(session.id, 'First')
  await tab.answerNextPrompt(session.id, 'allow_once')
  await first
  return { shared, tab, session }
}

afterEach(() => {
  for (const tab of tabs) tab.kill()
  tabs = []
})

describe('useAgentSession', () => {
  it('follows a turn: streaming text, active tools, a prompt, then idle with the context window measured', async () => {
    const { tabs: [tab] } = startTabs(1)
    if (!tab) throw new Error('one tab expected')
    const session = await tab.host.createSession()
    const statuses: TSessionStatus[] = []
    const { result } = renderHook(() => {
      const agent = useAgentSession(tab.host, session.id)
      if (statuses.at(-1) !== agent.status) statuses.push(agent.status)
      return agent
    })
    await waitFor(() => expect(result.current.state.sessionId).toBe(session.id))
    // No figure before the host has assembled the session: the page counts nothing itself.
    expect(result.current.context).toBeUndefined()

    act(() => void result.current.submit('What is here?'))
    await waitFor(() => expect(result.current.status).toBe('awaiting_permission'))
    // The prompt belongs to a tool call that has started and waits: it is among the active tools.
    expect(result.current.activeTools).toEqual([
      { toolCallId: expect.any(String), toolName: 'Bash', parameters: { command: 'cat README.md' } }
    ])
    const [pending] = result.current.state.pendingPermissions
    await act(() => result.current.answerPermission(pending?.requestId ?? '', 'allow_once'))
    await waitFor(() => expect(result.current.status).toBe('idle'))

    expect(statuses).toEqual(expect.arrayContaining(['idle', 'thinking', 'streaming', 'awaiting_permission']))
    expect(result.current.activeTools).toEqual([])
    expect(result.current.state.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'tool', 'assistant'])
    // React's scheduler reads performance.now while bash runs: the commands' output is whole all the same.
    const toolOutputs = result.current.state.messages.filter((message) => message.role === 'tool').map((message) => JSON.parse(String(message.content)).output)
    expect(toolOutputs).toEqual([expect.stringContaining('README.md'), expect.stringContaining('# Tiny Calculator')])
    await waitFor(() => expect(result.current.context?.estimated).toBe(true))
    expect(result.current.context?.usedTokens).toBeGreaterThan(50)
    expect(result.current.context?.usedPercentage).toBeGreaterThan(0)
    // The page's figure is the engine's own: the one /context writes.
    expect(await tab.host.executeCommand(session.id, '/context')).toMatchObject({ data: result.current.context })
  })

  it('shows a session another tab drives read-only, with what waits there, and takes it over when that tab dies', async () => {
    const { tabs: [owner, follower] } = startTabs(2)
    if (!owner || !follower) throw new Error('two tabs expected')
    const session = await owner.host.createSession()
    const driving = renderHook(() => useAgentSession(owner.host, session.id))
    await waitFor(() => expect(driving.result.current.state.sessionId).toBe(session.id))
    const watching = renderHook(() => useAgentSession(follower.host, session.id))
    await waitFor(() => expect(watching.result.current.state.readOnly).toBe(true))

    act(() => void driving.result.current.submit('What is here?'))
    await waitFor(() => expect(driving.result.current.status).toBe('awaiting_permission'))
    await waitFor(() => expect(watching.result.current.status).toBe('awaiting_permission'))
    expect(watching.result.current.state.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant'])

    owner.kill()
    await waitFor(() => expect(watching.result.current.state.readOnly).toBe(false))
    await waitFor(() => expect(watching.result.current.state.messages.at(-1)?.content).toBe(TOOL_LOST_MESSAGE))
    expect(watching.result.current.status).toBe('interrupted')
    expect(watching.result.current.state.pendingPermissions).toEqual([])
    expect(watching.result.current.state.error).toMatch(/tab running it closed/)
  })

  it('reads the view again when a commit shows storage ahead of it, and never shows a hole', async () => {
    const { shared, tab, session } = await startWithOneTurn()
    // The first read misses the last committed message, as a view read just before a restarted
    // worker closed a turn off would.
    let reads = 0
    const host = Object.create(tab.host) as typeof tab.host
    host.openSession = async (id) => {
      const view = await tab.host.openSession(id)
      reads += 1
      return reads === 1 ? { ...view, messages: view.messages.slice(0, -1) } : view
    }
    const { result } = renderHook(() => useAgentSession(host, session.id))
    await waitFor(() => expect(result.current.state.sessionId).toBe(session.id))

    const mark = tab.events().length
    act(() => void result.current.submit('Second'))
    await tab.answerNextPrompt(session.id, 'allow_once', mark)
    await waitFor(() => expect(result.current.status).toBe('idle'))
    const stored = await shared.store.loadSession(session.id)
    await waitFor(() => expect(result.current.state.messages).toEqual(stored?.messages))
    expect(reads).toBeGreaterThan(1)
  })

  it('opened while a round streams, shows its text from the first word, with none streamed during the open missing', async () => {
    const shared = { store: new MemorySessionStore(), locks: createInProcessSessionLocks(), channelName: `robota-react-${channelCount++}` }
    // Words far apart, so the page's reads land inside the round.
    const tab = startSimulatedTab(shared, { demoDeltaDelayMs: 150, eventIntervalMs: 2 })
    tabs = [tab]
    const session = await tab.host.createSession()
    // The first round's text as the host published it so far; undefined once the round is committed.
    const firstRoundSoFar = () => {
      let text = ''
      for (const event of tab.events()) {
        if (event.kind !== 'replay' || event.event.sessionId !== session.id) continue
        if (event.event.type === 'provider_stream_raw_delta') text += event.event.data.delta
        if (event.event.type === 'history_mutation' && event.event.data.message.role === 'assistant') return undefined
      }
      return text
    }
    const wordsSoFar = () => (firstRoundSoFar() ?? '').split(' ').length - 1
    void tab.host.submit(session.id, 'What is here?').catch(() => undefined)
    await waitFor(() => expect(wordsSoFar()).toBeGreaterThanOrEqual(2))

    // The first view reaches the page a word after the host read it: the page was not following
    // the session then, so that word passed it by.
    let reads = 0
    const host = Object.create(tab.host) as typeof tab.host
    host.openSession = async (id, options) => {
      const view = await tab.host.openSession(id, options)
      if (++reads === 1) {
        const read = wordsSoFar()
        await waitFor(() => expect(wordsSoFar()).toBeGreaterThan(read))
      }
      return view
    }
    const { result } = renderHook(() => useAgentSession(host, session.id))
    await waitFor(
      () => {
        const round = firstRoundSoFar()
        expect(round).toBeDefined()
        expect(result.current.state.streamingText).not.toBe('')
        expect(result.current.state.streamingText).toBe(round)
      },
      { interval: 5 }
    )
    expect(reads).toBe(2)
  })
})

describe('useAgentSession errors', () => {
  it('reports a failed turn as status error with the error’s code, and clears it when the next turn starts', async () => {
    const provider = new ScriptedProvider([{ error: new RateLimitError('Too many requests, slow down.', { details: { status: 429, retryAfterSeconds: 7 } }) }, { text: 'Back again.' }])
    const host = createLocalAgentHost({ providers: { scripted: () => provider }, defaultProvider: { kind: 'scripted', model: 'demo' } }, new MemorySessionStore())
    const session = await host.createSession()
    const { result } = renderHook(() => useAgentSession(host, session.id))
    await waitFor(() => expect(result.current.state.sessionId).toBe(session.id))

    await act(async () => void (await result.current.submit('Hello')))
    await waitFor(() => expect(result.current.status).toBe('error'))
    expect(result.current.error).toMatchObject({ code: 'RATE_LIMIT_ERROR', name: 'RateLimitError', statusCode: 429, retryAfterSeconds: 7, recoverable: true })
    expect(result.current.error?.message).toContain('Too many requests')

    await act(async () => void (await result.current.submit('Again')))
    await waitFor(() => expect(result.current.status).toBe('idle'))
    expect(result.current.error).toBeUndefined()
  })
})

describe('useAgentSession submit', () => {
  it('shows the turn running from the call on while the host holds it back (a restarting worker), then runs it', async () => {
    const provider = new ScriptedProvider([{ text: 'Nothing yet.' }])
    const host = createLocalAgentHost({ providers: { scripted: () => provider }, defaultProvider: { kind: 'scripted', model: 'demo' } }, new MemorySessionStore())
    const session = await host.createSession()
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    // The call reaches the host only once released, as a call made while the worker restarts does.
    const restarting: IAgentHost = new Proxy(host, {
      get: (target, name, receiver) =>
        name === 'submit' ? async (...args: Parameters<IAgentHost['submit']>) => (await held, target.submit(...args)) : Reflect.get(target, name, receiver)
    })
    const { result } = renderHook(() => useAgentSession(restarting, session.id))
    await waitFor(() => expect(result.current.state.sessionId).toBe(session.id))

    let sent: Promise<boolean> = Promise.resolve(false)
    act(() => void (sent = result.current.submit('What is here?')))
    expect(result.current.status).toBe('thinking')
    expect(result.current.state.running).toBe(true)

    await act(async () => {
      release()
      await sent
    })
    await waitFor(() => expect(result.current.status).toBe('idle'))
    expect(result.current.state.messages.map((message) => message.content)).toEqual(['What is here?', 'Nothing yet.'])
  })

  it('keeps a prompt running while an earlier call, whose turn already ended, settles late', async () => {
    const provider = new ScriptedProvider([{ text: 'First answer.' }, { text: 'Second answer.' }])
    const host = createLocalAgentHost({ providers: { scripted: () => provider }, defaultProvider: { kind: 'scripted', model: 'demo' } }, new MemorySessionStore())
    const session = await host.createSession()
    // One release per call: the restarted worker is ready for it.
    const releases: Array<() => void> = []
    // The first call's turn ends in the worker, but its answer is lost with the worker: the client
    // settles it once the restarted worker is ready. The second call waits for that worker too.
    const restarting: IAgentHost = new Proxy(host, {
      get: (target, name, receiver) => {
        if (name !== 'submit') return Reflect.get(target, name, receiver)
        return async (...args: Parameters<IAgentHost['submit']>) => {
          const firstCall = releases.length === 0
          const ready = new Promise<void>((resolve) => releases.push(resolve))
          if (firstCall) {
            const turn = await target.submit(...args)
            await ready
            return turn
          }
          await ready
          return target.submit(...args)
        }
      }
    })
    const { result } = renderHook(() => useAgentSession(restarting, session.id))
    await waitFor(() => expect(result.current.state.sessionId).toBe(session.id))

    let first: Promise<boolean> = Promise.resolve(false)
    act(() => void (first = result.current.submit('First')))
    await waitFor(() => expect(result.current.state.messages.map((message) => message.content)).toEqual(['First', 'First answer.']))
    await waitFor(() => expect(result.current.state.running).toBe(false))

    let second: Promise<boolean> = Promise.resolve(false)
    act(() => void (second = result.current.submit('Second')))
    await act(async () => {
      releases[0]?.()
      await first
    })
    await expect(first).resolves.toBe(true)
    // The second prompt has not reached the session yet: the page still shows it on its way.
    expect(result.current.state).toMatchObject({ running: true, submitting: true })
    expect(result.current.status).toBe('thinking')

    await act(async () => {
      releases[1]?.()
      await second
    })
    await expect(second).resolves.toBe(true)
    await waitFor(() => expect(result.current.status).toBe('idle'))
    expect(result.current.state.messages.map((message) => message.content)).toEqual(['First', 'First answer.', 'Second', 'Second answer.'])
  })

  it('gives the prompt back when the worker was lost before the turn started, and not once the turn had started', async () => {
    const host = createLocalAgentHost({ providers: { scripted: () => new ScriptedProvider([]) }, defaultProvider: { kind: 'scripted', model: 'demo' } }, new MemorySessionStore())
    const session = await host.createSession()
    const listeners: THostEventListener[] = []
    let seenBeforeLoss: THostEvent[] = []
    // What the worker client does when the worker dies under a submit: it reports the turn
    // interrupted by the restart, then settles the call as interrupted.
    const losing: IAgentHost = new Proxy(host, {
      get: (target, name, receiver) => {
        if (name === 'subscribe') return async (listener: THostEventListener) => (listeners.push(listener), target.subscribe(listener))
        if (name !== 'submit') return Reflect.get(target, name, receiver)
        return async (sessionId: string) => {
          const events: THostEvent[] = [...seenBeforeLoss, { kind: 'turn_interrupted', sessionId, reason: 'worker_restarted' }]
          for (const listener of listeners) await listener(events)
          return { response: '', interrupted: true, toolsExecuted: [] }
        }
      }
    })
    const { result } = renderHook(() => useAgentSession(losing, session.id))
    await waitFor(() => expect(result.current.state.sessionId).toBe(session.id))

    let sent: boolean | undefined
    await act(async () => void (sent = await result.current.submit('Hello')))
    expect(sent).toBe(false)
    expect(result.current.state).toMatchObject({ running: false, interruption: 'worker_restarted' })

    seenBeforeLoss = [{ kind: 'turn_started', sessionId: session.id, prompt: 'Hello' }]
    await act(async () => void (sent = await result.current.submit('Hello')))
    expect(sent).toBe(true)
  })

  it('runs what the prompt waits for while it shows running, and Stop meanwhile cancels it unsent', async () => {
    const provider = new ScriptedProvider([{ text: 'Named and answered.' }])
    const host = createLocalAgentHost({ providers: { scripted: () => provider }, defaultProvider: { kind: 'scripted', model: 'demo' } }, new MemorySessionStore())
    const session = await host.createSession()
    const { result } = renderHook(() => useAgentSession(host, session.id))
    await waitFor(() => expect(result.current.state.sessionId).toBe(session.id))

    let release: () => void = () => undefined
    let sent: Promise<boolean> = Promise.resolve(true)
    act(() => void (sent = result.current.submit('Hello', { before: () => new Promise<void>((resolve) => (release = resolve)) })))
    expect(result.current.status).toBe('thinking')
    await act(() => result.current.abort())
    await act(async () => release())
    await expect(sent).resolves.toBe(false)
    expect(result.current.status).toBe('idle')
    expect((await host.openSession(session.id)).messages).toEqual([])

    await act(async () => void (sent = result.current.submit('Hello', { before: () => host.renameSession(session.id, 'Hello') })))
    await expect(sent).resolves.toBe(true)
    await waitFor(() => expect(result.current.state.messages.map((message) => message.content)).toEqual(['Hello', 'Named and answered.']))
    expect((await host.listSessions()).sessions.find((listed) => listed.id === session.id)?.name).toBe('Hello')
  })

  it('sends nothing while a turn runs, and goes on showing that turn', async () => {
    const { tabs: [tab] } = startTabs(1)
    if (!tab) throw new Error('one tab expected')
    const session = await tab.host.createSession()
    const { result } = renderHook(() => useAgentSession(tab.host, session.id))
    await waitFor(() => expect(result.current.state.sessionId).toBe(session.id))
    act(() => void result.current.submit('What is here?'))
    await waitFor(() => expect(result.current.status).toBe('awaiting_permission'))

    let sent: boolean | undefined
    await act(async () => void (sent = await result.current.submit('And now?')))
    expect(sent).toBe(false)
    expect(result.current.status).toBe('awaiting_permission')
    expect(result.current.state).toMatchObject({ running: true, submitting: false, error: undefined })

    const [pending] = result.current.state.pendingPermissions
    await act(() => result.current.answerPermission(pending?.requestId ?? '', 'allow_once'))
    await waitFor(() => expect(result.current.status).toBe('idle'))
    expect(result.current.state.messages.filter((message) => message.role === 'user').map((message) => message.content)).toEqual(['What is here?'])
  })

  it('leaves the session idle when the held call is refused before the turn starts', async () => {
    const host = createLocalAgentHost({ providers: { scripted: () => new ScriptedProvider([]) }, defaultProvider: { kind: 'scripted', model: 'demo' } }, new MemorySessionStore())
    const session = await host.createSession()
    const refusing: IAgentHost = new Proxy(host, {
      get: (target, name, receiver) => (name === 'submit' ? async () => Promise.reject(new Error('The agent worker stopped.')) : Reflect.get(target, name, receiver))
    })
    const { result } = renderHook(() => useAgentSession(refusing, session.id))
    await waitFor(() => expect(result.current.state.sessionId).toBe(session.id))
    await act(async () => void (await result.current.submit('Hello')))
    expect(result.current.state).toMatchObject({ running: false, submitting: false, error: expect.stringContaining('The agent worker stopped.') })
  })

  it('gives the prompt back when the turn could not start for want of a key, saying so', async () => {
    const host = createLocalAgentHost({ providers: { openai: (choice) => new OpenAIProvider({ apiKey: choice.apiKey }) }, defaultProvider: { kind: 'openai', model: 'gpt-4o-mini' } }, new MemorySessionStore())
    const session = await host.createSession({ provider: { kind: 'openai', model: 'gpt-4o-mini' } })
    const { result } = renderHook(() => useAgentSession(host, session.id))
    await waitFor(() => expect(result.current.state.sessionId).toBe(session.id))
    let sent: boolean | undefined
    await act(async () => void (sent = await result.current.submit('Hello')))
    expect(sent).toBe(false)
    expect(result.current.state).toMatchObject({ running: false, submitting: false, error: expect.stringContaining('OpenAIProvider needs an apiKey') })
    expect(result.current.error).toMatchObject({ code: 'CONFIGURATION_ERROR' })
  })
})

describe('useReplayEvents', () => {
  it('lists stored events then live ones, in seq order without repeats', async () => {
    const { shared, tab, session } = await startWithOneTurn()

    const { result, unmount } = renderHook(() => useReplayEvents(tab.host, session.id))
    await waitFor(() => expect(result.current.loading).toBe(false))
    const storedCount = result.current.events.length
    expect(storedCount).toBeGreaterThan(10)

    const mark = tab.events().length
    const second = tab.host.submit(session.id, 'Second')
    await tab.answerNextPrompt(session.id, 'allow_once', mark)
    await second
    const stored = await shared.store.loadEvents(session.id)
    await waitFor(() => expect(result.current.events).toHaveLength(stored.length))
    expect(result.current.events).toEqual(stored)
    expect(result.current.events.map((event) => event.seq)).toEqual(stored.map((_, index) => index))
    unmount()
  })

  it('opens on the latest events with latestEvents, and pages in the earlier ones on request', async () => {
    const { shared, tab, session } = await startWithOneTurn()
    const second = tab.host.submit(session.id, 'Second')
    await tab.answerNextPrompt(session.id, 'allow_once', tab.events().length)
    await second
    const stored = await shared.store.loadEvents(session.id)

    const { result, unmount } = renderHook(() => useReplayEvents(tab.host, session.id, { latestEvents: 5 }))
    await waitFor(() => expect(result.current.loading).toBe(false))
    expect(result.current.earlierEvents).toBe(true)
    expect(result.current.events.length).toBeGreaterThan(0)
    expect(result.current.events.length).toBeLessThanOrEqual(5)
    expect(result.current.events.at(-1)?.seq).toBe(stored.at(-1)?.seq)

    await act(() => result.current.loadEarlierEvents(stored.length))
    expect(result.current.earlierEvents).toBe(false)
    // Paged events come as the log records them: a request names the history an earlier one sent.
    expect(result.current.events.map((event) => event.seq)).toEqual(stored.map((event) => event.seq))
    expect(result.current.events.filter((event) => event.type !== 'provider_request')).toEqual(stored.filter((event) => event.type !== 'provider_request'))
    unmount()
  })
})

