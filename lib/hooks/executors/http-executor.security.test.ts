import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { LocalAgentHost } from '../../host/local-agent-host.ts'
import { MemorySessionStore } from '../../storage/memory-session-store.ts'
import { ScriptedProvider } from '../../testing/scripted-provider.ts'
import { recordSuiteTotal } from '../../testing/suite-totals.ts'
import type { IHookInput, THookEvent } from '../hook-types.ts'
import { runHooks } from '../run-hooks.ts'

// A hook endpoint that stops answering cannot hold a session: every way an HTTP hook can hang
// ends at its timeout, a guard (PreToolUse) then blocks the call, a logger (PostToolUse) lets it
// through with a warning, and a turn whose guard hangs still finishes.

const SUITE = 'hook security'
const TIMEOUT_MS = 200

const stalled: ServerResponse[] = []
const routes: Record<string, (response: ServerResponse) => void> = {
  '/never-answers': (response) => void stalled.push(response),
  '/headers-then-nothing': (response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.write('{"decision":')
    stalled.push(response)
  },
  '/drips-forever': (response) => {
    response.writeHead(200, { 'content-type': 'text/plain' })
    const timer = setInterval(() => response.write('.'), 20)
    response.on('close', () => clearInterval(timer))
    stalled.push(response)
  }
}

let server: Server
let baseUrl = ''

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume()
    request.on('end', () => routes[request.url ?? '']?.(response))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const input: IHookInput = { session_id: 's', cwd: '/workspace', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } }

const CASES = Object.keys(routes).flatMap((route) =>
  (['PreToolUse', 'PostToolUse'] as const satisfies readonly THookEvent[]).map((event) => ({ route, event }))
)

describe('HTTP hooks time out however the endpoint hangs', () => {
  it.each(CASES)('$event hook at $route', async ({ route, event }) => {
    const startedAt = Date.now()
    const result = await runHooks(event, { ...input, hook_event_name: event }, { [event]: [{ matcher: 'Bash', hooks: [{ type: 'http', url: `${baseUrl}${route}`, timeoutMs: TIMEOUT_MS }] }] })
    const elapsed = Date.now() - startedAt
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 20)
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 5000)
    expect(result.outcomes).toEqual([expect.objectContaining({ timedOut: true, exitCode: 124 })])
    if (event === 'PreToolUse') expect(result).toMatchObject({ blocked: true, reason: expect.stringMatching(/timed out after 200 ms/) })
    else expect(result).toMatchObject({ blocked: false, warnings: [expect.stringMatching(/timed out/)] })
    recordSuiteTotal(SUITE, 'securityChecks')
  })

  it('a turn whose PreToolUse guard hangs ends, with the command refused and never run', async () => {
    const sandbox = new InMemorySandboxClient()
    const host = new LocalAgentHost({
      store: new MemorySessionStore(),
      createSandbox: () => sandbox,
      createProvider: () => new ScriptedProvider([{ toolCalls: [{ name: 'Bash', arguments: { command: 'echo ran > ran.txt' } }] }, { text: 'Guard said no.' }]),
      defaultProvider: { kind: 'scripted', model: 'scripted-model' },
      eventIntervalMs: 1,
      permissionMode: 'bypassPermissions',
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'http', url: `${baseUrl}/never-answers`, timeoutMs: TIMEOUT_MS }] }] }
    })
    const session = await host.createSession()
    const startedAt = Date.now()
    const result = await host.submit(session.id, 'Run it.')
    expect(Date.now() - startedAt).toBeLessThan(TIMEOUT_MS + 5000)
    expect(result).toMatchObject({ response: 'Guard said no.', interrupted: false })
    const view = await host.openSession(session.id)
    expect(view.messages.find((message) => message.role === 'tool')?.content).toMatch(/timed out after 200 ms/)
    expect(view.events.some((event) => event.type === 'hook_result' && event.data.timedOut)).toBe(true)
    await expect(sandbox.readFile('/workspace/ran.txt')).rejects.toMatchObject({ code: 'SANDBOX_NOT_FOUND' })
    recordSuiteTotal(SUITE, 'securityChecks')
  })
})
