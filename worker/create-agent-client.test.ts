import * as Comlink from 'comlink'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfigurationError, ValidationError } from '../lib/core/errors.ts'
import type { THostEvent } from '../lib/host/agent-host.ts'
import { MemorySessionStore } from '../lib/storage/memory-session-store.ts'
import { SandboxError } from '../sandbox/sandbox-client.ts'
import { WorkspaceManifestError } from '../sandbox/workspace/workspace-manifest-error.ts'
import { createPlaygroundHost } from '../playground/worker/playground-agent.ts'
import { wrapAgentHost, type IAgentHostConnection } from './wrap-agent-host.ts'
import { registerErrorTransfer } from './error-transfer.ts'
import { startFakeLlmServer } from '../lib/testing/fake-llm-server.ts'

// The same host the worker exposes, reached through comlink over a real MessageChannel: what
// crosses here crosses the worker boundary the same way (structured clone, proxied callbacks).
let client: IAgentHostConnection | undefined

function connect(): IAgentHostConnection {
  registerErrorTransfer()
  const channel = new MessageChannel()
  Comlink.expose(createPlaygroundHost({ store: new MemorySessionStore(), demoDeltaDelayMs: 0, eventIntervalMs: 4 }), channel.port1)
  client = wrapAgentHost(channel.port2, () => channel.port1.close())
  return client
}

afterEach(() => client?.terminate())

describe('agent client over comlink', () => {
  it('runs the offline demo turn and delivers its events in ordered batches', async () => {
    const agent = connect()
    const received: THostEvent[][] = []
    const prompted: string[] = []
    await agent.subscribe(async (events) => {
      received.push(events)
      for (const event of events) {
        if (event.kind !== 'permission_request') continue
        prompted.push(String(event.request.parameters.command))
        await agent.answerPermission(event.sessionId, event.requestId, 'allow_once')
      }
    })
    const session = await agent.createSession()
    const result = await agent.submit(session.id, 'What is here?')

    // `ls` is on the playground's allow list; reading the README asked the page first.
    expect(prompted).toEqual(['cat README.md'])
    expect(result.toolsExecuted).toEqual(['Bash', 'Bash'])
    expect(result.response).toContain('Its README is titled "Tiny Calculator"')
    await expect.poll(() => received.flat().at(-1)?.kind).toBe('turn_finished')
    const decisions = received.flat().flatMap((event) =>
      event.kind === 'replay' && event.event.type === 'permission_decision' ? [event.event.data.source] : []
    )
    expect(decisions).toEqual(['allow_list', 'handler'])
    const replayed = received.flat().flatMap((event) => (event.kind === 'replay' ? [event.event.seq] : []))
    expect(replayed).toEqual(replayed.map((_, index) => index))
    expect(received.length).toBeLessThan(replayed.length / 2)
    const view = await agent.openSession(session.id)
    expect(view.events).toHaveLength(replayed.length)
    expect(await agent.readFile(session.id, '/workspace/README.md')).toMatch(/^# Tiny Calculator/)
  })

  it('rebuilds the SDK error classes with their code on the page side', async () => {
    const agent = connect()
    const failure = await agent.submit('missing-session', 'hi').catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ValidationError)
    expect(failure).toMatchObject({ code: 'VALIDATION_ERROR', message: 'No session with id "missing-session".' })

    const unknownProvider = await agent.createSession({ provider: { kind: 'unknown-kind', model: 'm' } }).catch((error: unknown) => error)
    expect(unknownProvider).toBeInstanceOf(ConfigurationError)
    expect(unknownProvider).toMatchObject({ code: 'CONFIGURATION_ERROR', details: { kind: 'unknown-kind' } })

    const demo = await agent.createSession()
    const missingFile = await agent.readFile(demo.id, '/workspace/nope.txt').catch((error: unknown) => error)
    expect(missingFile).toBeInstanceOf(SandboxError)
    expect(missingFile).toMatchObject({ code: 'SANDBOX_NOT_FOUND', path: '/workspace/nope.txt' })

    const badManifest = await agent.applyManifest(demo.id, { entries: { '../up.txt': { type: 'file', content: 'x' } }, extra: 1 }).catch((error: unknown) => error)
    expect(badManifest).toBeInstanceOf(WorkspaceManifestError)
    expect(badManifest).toMatchObject({ code: 'WORKSPACE_MANIFEST_INVALID', problems: [expect.stringMatching(/^unknown field "extra"/), expect.stringMatching(/^entry "\.\.\/up\.txt": /)] })
  })
})

describe('provider choice as plain data', () => {
  it('builds a real provider SDK inside the host from kind, base URL and key, without storing the key', async () => {
    const server = await startFakeLlmServer({ turns: [{ text: ['Hello ', 'from the fake server.'] }], apiKey: 'sk-ant-test-key-000000000000' })
    try {
      const agent = connect()
      const session = await agent.createSession({
        provider: { kind: 'anthropic', model: 'claude-sonnet-4-6', baseURL: server.url, apiKey: 'sk-ant-test-key-000000000000' }
      })
      const result = await agent.submit(session.id, 'hi')
      expect(result.response).toBe('Hello from the fake server.')
      expect(server.requests.at(-1)?.path).toBe('/v1/messages')
      const exported = await agent.exportReplay(session.id)
      expect(exported).not.toContain('sk-ant-test-key')
      expect((await agent.openSession(session.id)).summary.id).toBe(session.id)
    } finally {
      await server.close()
    }
  })

  it('refuses an OpenAI-compatible choice without a base URL at createSession, naming what is missing, its class kept', async () => {
    const agent = connect()
    const created = agent.createSession({ provider: { kind: 'openai-compatible', model: 'llama3' } })
    await expect(created).rejects.toThrow(ConfigurationError)
    await expect(created).rejects.toThrow(/needs a base URL/)
    expect((await agent.listSessions()).sessions).toEqual([])
  })
})
