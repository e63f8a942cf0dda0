import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { applyWorkspaceManifest } from '../../sandbox/workspace/apply-workspace-manifest.ts'
import type { IWorkspaceManifest } from '../../sandbox/workspace/workspace-manifest.ts'
import type { TPermissionMode } from '../permissions/index.ts'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import { ScriptedProvider, type TScriptedStep } from '../testing/scripted-provider.ts'
import { describeHistoryProblems, rebuildHistoryFromEvents } from '../testing/suite-totals-history-checks.ts'
import { recordSuiteTotal } from '../testing/suite-totals.ts'
import type { THostEvent, TTurnResult } from './agent-host.ts'
import { LocalAgentHost } from './local-agent-host.ts'

// Aborts through the agent host, as the page's Stop button sends them: the turn returns, the
// stored history is valid and replays, and the same session's sandbox runs the next turn.

const SUITE = 'agent host aborts'
const bash = (command: string) => ({ name: 'Bash', arguments: { command } })

type THarness = {
  host: LocalAgentHost
  store: MemorySessionStore
  provider: ScriptedProvider
  sandbox: () => InMemorySandboxClient
}

function createHarness(steps: TScriptedStep[], options: { permissionMode?: TPermissionMode; deltaDelayMs?: number } = {}): THarness {
  // The next turn after every abort: a command in the same sandbox, then an answer.
  const provider = new ScriptedProvider([...steps, { toolCalls: [bash('echo alive > alive.txt')] }, { text: 'Still here.' }], {
    deltaDelayMs: options.deltaDelayMs ?? 0
  })
  const store = new MemorySessionStore()
  let sandbox: InMemorySandboxClient | undefined
  const host = new LocalAgentHost({
    store,
    createSandbox: () => (sandbox = new InMemorySandboxClient({ files: { 'README.md': '# Demo\n' } })),
    createProvider: () => provider,
    defaultProvider: { kind: 'scripted', model: 'scripted-model' },
    eventIntervalMs: 1,
    permissionMode: options.permissionMode ?? 'bypassPermissions',
    applyManifest: (target, manifest) => applyWorkspaceManifest(target, manifest as IWorkspaceManifest)
  })
  return {
    host,
    store,
    provider,
    sandbox: () => {
      if (!sandbox) throw new Error('The session has no sandbox yet.')
      return sandbox
    }
  }
}

type TAbortCase = {
  name: string
  steps: TScriptedStep[]
  permissionMode?: TPermissionMode
  deltaDelayMs?: number
  /** Aborts as soon as `submit` is called, before the host has even loaded the session. */
  abortAtSubmit?: boolean
  /** Returns true on the host event batch the abort should follow. */
  abortOn?: (event: THostEvent) => boolean
  check: (result: TTurnResult, harness: THarness, sessionId: string) => Promise<void>
}

const replayOf = (type: string, index?: number) => (event: THostEvent) =>
  event.kind === 'replay' && event.event.type === type && (index === undefined || (event.event.data as { index?: number }).index === index)

const CASES: TAbortCase[] = [
  {
    name: 'before the request',
    steps: [],
    abortAtSubmit: true,
    check: async (result, { provider, store }, sessionId) => {
      expect(result.interrupted).toBe(true)
      expect(provider.calls).toHaveLength(0)
      expect((await store.loadSession(sessionId))?.messages.map((message) => message.role)).toEqual(['user'])
    }
  },
  {
    name: 'mid-stream',
    steps: [{ text: ['Partial', ' answer', ' that', ' never', ' ends.'] }],
    deltaDelayMs: 25,
    abortOn: replayOf('provider_stream_raw_delta'),
    check: async (result, { store }, sessionId) => {
      const last = (await store.loadSession(sessionId))?.messages.at(-1)
      expect(last).toMatchObject({ role: 'assistant', state: 'interrupted' })
      expect(last?.content.startsWith('Partial')).toBe(true)
      expect(last?.content).not.toContain('ends.')
      expect(result.interrupted).toBe(true)
    }
  },
  {
    name: 'mid-tool-batch, while a command runs',
    steps: [{ toolCalls: [bash('echo one > one.txt'), bash('sleep 20; echo two > two.txt'), bash('echo three > three.txt')] }],
    abortOn: replayOf('tool_execution_request', 1),
    check: async (result, { store, sandbox }, sessionId) => {
      expect(result.interrupted).toBe(true)
      const tools = (await store.loadSession(sessionId))?.messages.filter((message) => message.role === 'tool') ?? []
      expect(tools).toHaveLength(3)
      expect(tools[1]?.content).toMatch(/interrupted/i)
      expect(tools[2]?.content).toBe('Error: Execution interrupted by user')
      expect(await sandbox().readFile('/workspace/one.txt')).toBe('one\n')
      expect((await sandbox().readdir('/workspace')).map((entry) => entry.name)).toEqual(['README.md', 'one.txt'])
    }
  },
  {
    name: 'while a permission prompt waits',
    steps: [{ toolCalls: [bash('echo asked > asked.txt'), bash('echo queued > queued.txt')] }],
    permissionMode: 'default',
    abortOn: (event) => event.kind === 'permission_request',
    check: async (result, { host, store, sandbox }, sessionId) => {
      expect(result.interrupted).toBe(true)
      const view = await host.openSession(sessionId)
      const decisions = view.events.flatMap((event) => (event.type === 'permission_decision' ? [event.data.decision] : []))
      expect(decisions[0]).toBe('deny')
      const tools = (await store.loadSession(sessionId))?.messages.filter((message) => message.role === 'tool') ?? []
      expect(tools).toHaveLength(2)
      expect(await sandbox().run('cat asked.txt queued.txt')).toMatchObject({ exitCode: 1 })
      // The next turn needs no prompt: nobody is left to answer it.
      await host.setPermissionMode(sessionId, 'bypassPermissions')
    }
  }
]

describe('aborting a host turn', () => {
  it.each(CASES)('abort $name: submit returns, history stays valid, the sandbox runs the next turn', async (entry) => {
    const harness = createHarness(entry.steps, {
      ...(entry.permissionMode ? { permissionMode: entry.permissionMode } : {}),
      ...(entry.deltaDelayMs ? { deltaDelayMs: entry.deltaDelayMs } : {})
    })
    const { host, store } = harness
    const session = await host.createSession()
    // Once: the next turn's events (its first delta arrives while it streams) must not stop it too.
    let aborted = false
    await host.subscribe(async (events) => {
      if (aborted || !entry.abortOn || !events.some(entry.abortOn)) return
      aborted = true
      await host.abort(session.id)
    })

    const turn = host.submit(session.id, 'Do the work.')
    if (entry.abortAtSubmit) await host.abort(session.id)
    const result = await turn

    await entry.check(result, harness, session.id)
    const record = await store.loadSession(session.id)
    expect(describeHistoryProblems(record?.messages ?? [])).toEqual([])
    expect(rebuildHistoryFromEvents(await store.loadEvents(session.id))).toEqual(record?.messages)
    expect(await host.verifyReplay(session.id)).toMatchObject({ ok: true })

    const next = await host.submit(session.id, 'Are you there?')
    expect(next).toEqual({ response: 'Still here.', interrupted: false, toolsExecuted: ['Bash'] })
    expect(await host.readFile(session.id, '/workspace/alive.txt')).toBe('alive\n')
    const after = await store.loadSession(session.id)
    expect(describeHistoryProblems(after?.messages ?? [])).toEqual([])
    expect(rebuildHistoryFromEvents(await store.loadEvents(session.id))).toEqual(after?.messages)
    recordSuiteTotal(SUITE, 'aborts')
  })
})

/** A fetch that answers after `delayMs`, or rejects as an abort when `signal` fires first. */
function slowFetch(delayMs: number, signal: AbortSignal): typeof fetch {
  return (input) =>
    new Promise<Response>((resolve, reject) => {
      const timer = setTimeout(() => resolve(new Response(`fetched ${String(input)}`)), delayMs)
      const onAbort = () => {
        clearTimeout(timer)
        reject(new DOMException('The download was aborted.', 'AbortError'))
      }
      if (signal.aborted) onAbort()
      else signal.addEventListener('abort', onAbort, { once: true })
    })
}

const HYDRATION_MANIFEST: IWorkspaceManifest = {
  entries: {
    'before.txt': { type: 'file', content: 'before\n' },
    'vendor/big.bin': { type: 'url', url: 'https://downloads.example/big.bin' },
    'after.txt': { type: 'file', content: 'after\n' }
  }
}

describe('aborting a manifest hydration', () => {
  it('an aborted download fails its entry only: nothing half-written, the rest applied, the session works on', async () => {
    const controller = new AbortController()
    const store = new MemorySessionStore()
    const host = new LocalAgentHost({
      store,
      createSandbox: () => new InMemorySandboxClient(),
      createProvider: () => new ScriptedProvider([{ toolCalls: [bash('cat before.txt after.txt')] }, { text: 'Hydrated.' }]),
      defaultProvider: { kind: 'scripted', model: 'scripted-model' },
      eventIntervalMs: 1,
      permissionMode: 'bypassPermissions',
      applyManifest: (sandbox, manifest) =>
        applyWorkspaceManifest(sandbox, manifest as IWorkspaceManifest, { fetch: slowFetch(20_000, controller.signal) })
    })
    const session = await host.createSession()
    const startedAt = Date.now()
    const applying = host.applyManifest(session.id, HYDRATION_MANIFEST)
    setTimeout(() => controller.abort(), 30)
    const result = await applying

    expect(Date.now() - startedAt).toBeLessThan(10_000)
    expect(result.entries).toEqual([
      { path: 'before.txt', type: 'file', status: 'applied' },
      { path: 'vendor/big.bin', type: 'url', status: 'failed', message: expect.stringMatching(/could not fetch https:\/\/downloads\.example\/big\.bin: The download was aborted/) },
      { path: 'after.txt', type: 'file', status: 'applied' }
    ])
    await expect(host.readFile(session.id, '/workspace/vendor/big.bin')).rejects.toMatchObject({ code: 'SANDBOX_NOT_FOUND' })
    const turn = await host.submit(session.id, 'Show the files.')
    expect(turn).toEqual({ response: 'Hydrated.', interrupted: false, toolsExecuted: ['Bash'] })
    const tool = (await store.loadSession(session.id))?.messages.find((message) => message.role === 'tool')
    expect(tool?.content).toContain('before\\nafter\\n')
    recordSuiteTotal(SUITE, 'aborts')
  })

  it('the host\'s abort stops a hydration: the download ends at once, later entries wait, the session works on', async () => {
    const neverAborted = new AbortController()
    const store = new MemorySessionStore()
    const host = new LocalAgentHost({
      store,
      createSandbox: () => new InMemorySandboxClient(),
      createProvider: () => new ScriptedProvider([{ toolCalls: [bash('ls')] }, { text: 'Listed.' }]),
      defaultProvider: { kind: 'scripted', model: 'scripted-model' },
      eventIntervalMs: 1,
      permissionMode: 'bypassPermissions',
      applyManifest: (sandbox, manifest, { signal }) =>
        applyWorkspaceManifest(sandbox, manifest as IWorkspaceManifest, { fetch: slowFetch(20_000, neverAborted.signal), signal })
    })
    const session = await host.createSession()
    const applying = host.applyManifest(session.id, HYDRATION_MANIFEST)
    await new Promise((resolve) => setTimeout(resolve, 30))
    await expect(host.submit(session.id, 'Too early.')).rejects.toThrow(/is running a turn/)
    await host.abort(session.id)
    const result = await applying

    expect(result.aborted).toBe(true)
    expect(result.entries.map((entry) => entry.status)).toEqual(['applied', 'failed', 'failed'])
    await expect(host.readFile(session.id, '/workspace/vendor/big.bin')).rejects.toMatchObject({ code: 'SANDBOX_NOT_FOUND' })
    expect(await host.submit(session.id, 'Show the files.')).toEqual({ response: 'Listed.', interrupted: false, toolsExecuted: ['Bash'] })
    recordSuiteTotal(SUITE, 'aborts')
  })

  // The signal stops a download even through a fetch that ignores aborts.
  it('a signal passed to applyWorkspaceManifest stops a slow download', async () => {
    const controller = new AbortController()
    const neverAborted = new AbortController()
    const options = { fetch: slowFetch(1500, neverAborted.signal), signal: controller.signal }
    const sandbox = new InMemorySandboxClient()
    const applying = applyWorkspaceManifest(sandbox, HYDRATION_MANIFEST, options)
    setTimeout(() => controller.abort(), 30)
    const startedAt = Date.now()
    const result = await applying
    expect(Date.now() - startedAt).toBeLessThan(1000)
    expect(result).toEqual({
      aborted: true,
      entries: [
        { path: 'before.txt', type: 'file', status: 'applied' },
        { path: 'vendor/big.bin', type: 'url', status: 'failed', message: 'could not fetch https://downloads.example/big.bin: the hydration was aborted' },
        { path: 'after.txt', type: 'file', status: 'failed', message: 'not applied: the hydration was aborted' }
      ]
    })
    await expect(sandbox.readFile('/workspace/vendor/big.bin')).rejects.toMatchObject({ code: 'SANDBOX_NOT_FOUND' })
    await expect(sandbox.readFile('/workspace/after.txt')).rejects.toMatchObject({ code: 'SANDBOX_NOT_FOUND' })
    expect(await sandbox.readFile('/workspace/before.txt')).toBe('before\n')
    recordSuiteTotal(SUITE, 'aborts')
  })
})
