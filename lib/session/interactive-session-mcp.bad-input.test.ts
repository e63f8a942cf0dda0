import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { ScriptedProvider, type TScriptedStepSource } from '../testing/scripted-provider.ts'
import { recordSuiteTotal } from '../testing/suite-totals.ts'
import { MCP_MAX_RESULT_CHARACTERS } from '../tools/mcp/mcp-tool-result.ts'
import type { TMcpServers } from '../tools/mcp/mcp-server-config.ts'
import { OVERSIZED_RESULT_CHARACTERS, startMcpTestServer, type TMcpTestServer } from '../tools/mcp/mcp-test-server.fixtures.ts'
import { InteractiveSession } from './interactive-session.ts'
import type { TSessionEvent } from './session-events.ts'

// Issue 20's bad inputs for MCP client tools, each through a whole session: an unknown server, a
// malformed configuration, a server that crashes mid-call, a tool schema that is not an object,
// an oversized result. Each gives an error (or a note) naming the server or the tool, and the
// same session then answers another prompt.

const SUITE = 'mcp client bad inputs'
const STDIO_SERVER = fileURLToPath(new URL('../tools/mcp/mcp-stdio-server.fixtures.mjs', import.meta.url))

let good: TMcpTestServer
let badSchema: TMcpTestServer
beforeAll(async () => {
  ;[good, badSchema] = await Promise.all([startMcpTestServer({ oversized: true }), startMcpTestServer({ badSchema: true })])
})
afterAll(async () => {
  await Promise.all([good.close(), badSchema.close()])
})

type TToolResultData = { toolName: string; success: boolean; result?: unknown; error?: string; metadata?: Record<string, unknown> }

/** Runs a turn that calls `call`, then a plain prompt, on one session with `servers`. */
async function runThenRecover(servers: TMcpServers, call: TScriptedStepSource) {
  const events: TSessionEvent[] = []
  const session = new InteractiveSession({
    provider: new ScriptedProvider([call, { text: 'Handled.' }, { text: 'Still usable.' }]),
    sandbox: new InMemorySandboxClient({ cwd: '/workspace' }),
    cwd: '/workspace',
    permissionMode: 'bypassPermissions',
    mcpServers: servers,
    onReplayEvent: (event) => events.push(event)
  })
  try {
    const first = await session.submit('use the tool')
    const second = await session.submit('and now?')
    const results = events.filter((event) => event.type === 'tool_execution_result').map((event) => event.data as TToolResultData)
    return { first, second, results, warnings: session.getWarnings() }
  } finally {
    await session.dispose()
  }
}

describe('MCP client bad inputs give a named error and leave the session usable', () => {
  it('a call to a tool of a server that is not configured', async () => {
    const outcome = await runThenRecover({ srv: { type: 'http', url: good.url } }, { toolCalls: [{ name: 'mcp__ghost__lookup', arguments: {} }] })
    expect(outcome.results).toEqual([expect.objectContaining({ toolName: 'mcp__ghost__lookup', success: false, error: expect.stringMatching(/^Tool "mcp__ghost__lookup" was not executed because it is not registered\. Available tools: .*mcp__srv__echo/) })])
    expect(outcome.first?.response).toBe('Handled.')
    expect(outcome.second?.response).toBe('Still usable.')
    recordSuiteTotal(SUITE, 'badInputs')
  })

  it.each([
    { name: 'a URL that is not one', servers: { broken: { type: 'http', url: 'not a url' } }, warning: /^MCP server "broken": "not a url" is not a URL\.$/ },
    { name: 'a stdio command that does not exist', servers: { broken: { type: 'stdio', command: '/nonexistent/mcp-server' } }, warning: /^MCP server "broken" failed while starting "\/nonexistent\/mcp-server": .*ENOENT/ },
    { name: 'an HTTP server at a port nothing listens on', servers: { broken: { type: 'http', url: 'http://127.0.0.1:9/mcp', timeoutMs: 2000 } }, warning: /^MCP server "broken" failed while connecting to http:\/\/127\.0\.0\.1:9\/mcp: / }
  ] as Array<{ name: string; servers: TMcpServers; warning: RegExp }>)('a malformed configuration: $name', async ({ servers, warning }) => {
    const outcome = await runThenRecover({ ...servers, srv: { type: 'http', url: good.url } }, { toolCalls: [{ name: 'mcp__srv__echo', arguments: { text: 'ok' } }] })
    expect(outcome.warnings).toEqual([expect.stringMatching(warning)])
    expect(outcome.results).toEqual([expect.objectContaining({ toolName: 'mcp__srv__echo', success: true, result: 'echo: ok' })])
    expect(outcome.second?.response).toBe('Still usable.')
    recordSuiteTotal(SUITE, 'badInputs')
  })

  it('a stdio server that prints the secret it was given as it fails to start: the warning has it cut', async () => {
    const secret = 'env-secret-value-8842'
    const outcome = await runThenRecover(
      { leaky: { type: 'stdio', command: process.execPath, args: ['-e', 'console.error("boom " + process.env.TOKEN); process.exit(3)'], env: { TOKEN: secret }, timeoutMs: 5000 }, srv: { type: 'http', url: good.url } },
      { toolCalls: [{ name: 'mcp__srv__echo', arguments: { text: 'ok' } }] }
    )
    expect(outcome.warnings).toEqual([expect.stringMatching(/^MCP server "leaky" failed while /)])
    expect(outcome.warnings[0]).toContain('boom [REDACTED]')
    expect(JSON.stringify(outcome.warnings)).not.toContain(secret)
    recordSuiteTotal(SUITE, 'badInputs')
  })

  it('a stdio server given in code without `type`, as a settings file may write it, still starts', async () => {
    const untyped = { command: process.execPath, args: [STDIO_SERVER], timeoutMs: 5000 } as unknown as TMcpServers[string]
    const outcome = await runThenRecover({ local: untyped }, { toolCalls: [{ name: 'mcp__local__greet', arguments: { name: 'Ada' } }] })
    expect(outcome.warnings).toEqual([])
    expect(outcome.results).toEqual([expect.objectContaining({ toolName: 'mcp__local__greet', success: true })])
  })

  it('a stdio server that crashes mid-call', async () => {
    const outcome = await runThenRecover(
      { local: { type: 'stdio', command: process.execPath, args: [STDIO_SERVER], env: { MCP_TEST_CRASH: '1' }, timeoutMs: 5000 } },
      { toolCalls: [{ name: 'mcp__local__crash', arguments: {} }] }
    )
    expect(outcome.results).toEqual([expect.objectContaining({ toolName: 'mcp__local__crash', success: false, error: expect.stringMatching(/^MCP server "local" failed while calling "crash": [\s\S]*crashing on purpose/) })])
    expect(outcome.first?.response).toBe('Handled.')
    expect(outcome.second?.response).toBe('Still usable.')
    recordSuiteTotal(SUITE, 'badInputs')
  })

  it('a server whose tool schema is not an object', async () => {
    const outcome = await runThenRecover({ bad: { type: 'http', url: badSchema.url }, srv: { type: 'http', url: good.url } }, { toolCalls: [{ name: 'mcp__bad__broken', arguments: {} }] })
    expect(outcome.warnings).toEqual([expect.stringMatching(/^MCP server "bad" failed while listing its tools: its reply does not follow the MCP schema: tools\.0\.inputSchema\.type: /)])
    expect(outcome.results).toEqual([expect.objectContaining({ toolName: 'mcp__bad__broken', success: false, error: expect.stringContaining('is not registered') })])
    expect(outcome.second?.response).toBe('Still usable.')
    recordSuiteTotal(SUITE, 'badInputs')
  })

  it('an oversized result, cut to the limit with a note saying how long it was', async () => {
    const outcome = await runThenRecover({ srv: { type: 'http', url: good.url } }, { toolCalls: [{ name: 'mcp__srv__huge', arguments: {} }] })
    const [result] = outcome.results
    expect(result).toMatchObject({ toolName: 'mcp__srv__huge', success: true, metadata: expect.objectContaining({ mcpServer: 'srv', truncated: true }) })
    const text = String(result?.result)
    expect(text.length).toBeLessThan(OVERSIZED_RESULT_CHARACTERS)
    expect(text.endsWith(`[cut: the result had ${OVERSIZED_RESULT_CHARACTERS} characters]`)).toBe(true)
    expect(text.startsWith('z'.repeat(MCP_MAX_RESULT_CHARACTERS))).toBe(true)
    expect(outcome.second?.response).toBe('Still usable.')
    recordSuiteTotal(SUITE, 'badInputs')
  })
})
