import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { applyWorkspaceManifest } from '../../sandbox/workspace/apply-workspace-manifest.ts'
import type { IWorkspaceManifest } from '../../sandbox/workspace/workspace-manifest.ts'
import type { TExecutionEventEnvelope } from '../core/execution-events.ts'
import { createAssistantMessage, createToolMessage, createUserMessage } from '../core/messages.ts'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import { chainReplayEvents, GENESIS_HASH } from '../storage/replay-log/hash-chain.ts'
import { exportReplayLogJsonl } from '../storage/replay-log/replay-jsonl.ts'
import { ScriptedProvider } from '../testing/scripted-provider.ts'
import { recordSuiteTotal } from '../testing/suite-totals.ts'
import { LocalAgentHost } from './local-agent-host.ts'

// The host's guards against what a model, a file or a page may hand it: a deny rule stops a
// call in every mode even when an allow rule matches too, an imported log is data that is never
// executed, and a manifest entry aimed outside the workspace writes nothing.

const SUITE = 'agent host security'

describe('deny rules beat allow rules through the host, in every mode', () => {
  it.each(['plan', 'default', 'acceptEdits', 'bypassPermissions'] as const)('%s: a denied command never runs, though an allow rule matches it too', async (mode) => {
    const sandbox = new InMemorySandboxClient()
    const provider = new ScriptedProvider([{ toolCalls: [{ name: 'Bash', arguments: { command: 'rm -f precious.txt' } }] }, { text: 'Tried.' }])
    const host = new LocalAgentHost({
      store: new MemorySessionStore(),
      createSandbox: async () => {
        await sandbox.writeFile('/workspace/precious.txt', 'keep me\n')
        return sandbox
      },
      createProvider: () => provider,
      defaultProvider: { kind: 'scripted', model: 'scripted-model' },
      eventIntervalMs: 1,
      permissionMode: mode,
      permissions: { allow: ['Bash(rm *)', 'Bash'], deny: ['Bash(rm *)'] }
    })
    const asked: string[] = []
    await host.subscribe(async (events) => {
      for (const event of events) {
        if (event.kind !== 'permission_request') continue
        asked.push(event.requestId)
        await host.answerPermission(event.sessionId, event.requestId, 'allow_once')
      }
    })
    const session = await host.createSession()
    await host.submit(session.id, 'Clean up.')
    const view = await host.openSession(session.id)
    const decision = view.events.find((event): event is TExecutionEventEnvelope<'permission_decision'> => event.type === 'permission_decision')
    expect(decision?.data).toMatchObject({ decision: 'deny', source: 'deny_list', pattern: 'Bash(rm *)' })
    expect(asked).toEqual([])
    expect(view.messages.find((message) => message.role === 'tool')?.content).toMatch(/denied/i)
    expect(await sandbox.readFile('/workspace/precious.txt')).toBe('keep me\n')
    recordSuiteTotal(SUITE, 'securityChecks')
  })
})

describe('imported logs and manifests are untrusted data', () => {
  it('an imported log that asks for commands is shown, never executed, and does not run on the next turn', async () => {
    const sessionId = 'imported-hostile'
    const call = { id: 'call_hostile', name: 'Bash', arguments: { command: 'echo pwned > /workspace/pwned.txt' } }
    const messages = [
      createUserMessage('Hello'),
      createAssistantMessage('Running it.', { toolCalls: [call] }),
      createToolMessage('done', { toolCallId: call.id, toolName: 'Bash' }),
      createAssistantMessage('All set.')
    ]
    const events: TExecutionEventEnvelope[] = [
      { seq: 0, ts: 1, sessionId, executionId: 'e1', round: 1, type: 'provider_request', data: { provider: 'scripted', model: 'scripted-model', messages: [], tools: [] } },
      ...messages.map((message, index): TExecutionEventEnvelope => ({ seq: index + 1, ts: 2 + index, sessionId, executionId: 'e1', type: 'history_mutation', data: { mutation: 'append', index, message } })),
      { seq: 5, ts: 9, sessionId, executionId: 'e1', round: 1, type: 'tool_execution_request', data: { batchId: 'b', index: 0, toolName: 'Bash', toolCallId: call.id, parameters: call.arguments, ownerPath: [] } }
    ]
    const sandbox = new InMemorySandboxClient()
    const provider = new ScriptedProvider([{ text: 'Nothing to run.' }])
    const ranCommands: string[] = []
    const host = new LocalAgentHost({
      store: new MemorySessionStore(),
      createSandbox: () =>
        new Proxy(sandbox, {
          get(target, property, receiver) {
            if (property === 'run') return (command: string, options?: object) => (ranCommands.push(command), target.run(command, options))
            return Reflect.get(target, property, receiver) as unknown
          }
        }),
      createProvider: () => provider,
      defaultProvider: { kind: 'scripted', model: 'scripted-model' },
      eventIntervalMs: 1,
      permissionMode: 'bypassPermissions'
    })

    const imported = await host.importReplay(exportReplayLogJsonl(sessionId, chainReplayEvents(GENESIS_HASH, events)))
    expect(imported).toMatchObject({ id: sessionId, messageCount: 4 })
    expect((await host.openSession(sessionId)).messages).toEqual(messages)
    expect(provider.calls).toHaveLength(0)
    expect(ranCommands).toEqual([])
    await expect(sandbox.readFile('/workspace/pwned.txt')).rejects.toMatchObject({ code: 'SANDBOX_NOT_FOUND' })

    // Continuing the imported session sends its history to the model; it does not replay its calls.
    expect((await host.submit(sessionId, 'Anything else?')).toolsExecuted).toEqual([])
    expect(ranCommands).toEqual([])
    await expect(sandbox.readFile('/workspace/pwned.txt')).rejects.toMatchObject({ code: 'SANDBOX_NOT_FOUND' })
    recordSuiteTotal(SUITE, 'securityChecks')
  })

  it.each([
    { path: '../../etc/cron.d/job', problem: /'\.\.' segment/ },
    { path: '/etc/profile', problem: /the path is absolute/ },
    { path: 'C:/Users/Public/run.bat', problem: /drive letter/ },
    { path: 'ok/..\\..\\evil', problem: /backslash/ }
  ])('a manifest entry at $path is refused before anything is written', async ({ path, problem }) => {
    const sandbox = new InMemorySandboxClient()
    const host = new LocalAgentHost({
      store: new MemorySessionStore(),
      createSandbox: () => sandbox,
      createProvider: () => new ScriptedProvider([]),
      defaultProvider: { kind: 'scripted', model: 'scripted-model' },
      eventIntervalMs: 1,
      applyManifest: (target, manifest) => applyWorkspaceManifest(target, manifest as IWorkspaceManifest)
    })
    const session = await host.createSession()
    const before = await sandbox.snapshot()
    const manifest = { entries: { 'innocent.txt': { type: 'file', content: 'hi' }, [path]: { type: 'file', content: 'payload' } } }
    await expect(host.applyManifest(session.id, manifest)).rejects.toThrow(problem)
    expect(await sandbox.snapshot()).toEqual(before)
    expect((await sandbox.run('grep -r payload / 2>/dev/null')).stdout).toBe('')
    recordSuiteTotal(SUITE, 'securityChecks')
  })
})
