import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { McpToolSet } from './mcp-tool-set.ts'
import { startMcpTestServer, type TMcpTestServer } from './mcp-test-server.fixtures.ts'

const context = { toolCallId: 'call_1' }
const STDIO_SERVER = fileURLToPath(new URL('./mcp-stdio-server.fixtures.mjs', import.meta.url))

let server: TMcpTestServer
beforeAll(async () => {
  server = await startMcpTestServer()
})
afterAll(async () => {
  await server.close()
})

function toolNamed(set: McpToolSet, name: string) {
  const tool = set.getTools().find((candidate) => candidate.schema.name === name)
  if (!tool) throw new Error(`no tool ${name} among ${set.getTools().map((candidate) => candidate.schema.name).join(', ')}`)
  return tool
}

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

describe('McpToolSet over Streamable HTTP', () => {
  it('lists the server’s tools as mcp__<server>__<tool> with their JSON schemas', async () => {
    const set = await McpToolSet.connect({ srv: { type: 'http', url: server.url } })
    try {
      expect(set.getProblems()).toEqual([])
      expect(set.getTools().map((tool) => tool.schema.name)).toEqual(['mcp__srv__echo', 'mcp__srv__picture', 'mcp__srv__whoami', 'mcp__srv__count', 'mcp__srv__slow', 'mcp__srv__add_tool'])
      const echo = toolNamed(set, 'mcp__srv__echo').schema
      expect(echo.description).toBe('Echoes its text')
      expect(echo.parameters).toMatchObject({ type: 'object', properties: { text: { type: 'string' }, times: { type: 'integer' } }, required: ['text'] })
    } finally {
      await set.close()
    }
  })

  it('calls a tool with arguments and maps text, image and embedded resource results', async () => {
    const set = await McpToolSet.connect({ srv: { type: 'http', url: server.url } })
    try {
      expect(await toolNamed(set, 'mcp__srv__echo').execute({ text: 'ab', times: 2 }, context)).toEqual({ success: true, data: 'echo: abab', metadata: { mcpServer: 'srv' } })
      const picture = await toolNamed(set, 'mcp__srv__picture').execute({}, context)
      expect(picture).toEqual({
        success: true,
        data: 'a pixel\n[image image/png, 68 bytes]\n[resource memo://note]\nembedded note',
        metadata: { mcpServer: 'srv', mediaBlocks: 1 }
      })
      // The client checks structured output against the tool's output schema (with zod, not Ajv).
      expect(await toolNamed(set, 'mcp__srv__count').execute({}, context)).toMatchObject({ success: true, data: 'count is 3' })
      const invalid = await toolNamed(set, 'mcp__srv__echo').execute({ text: 3 }, context)
      expect(invalid.success).toBe(false)
      expect(invalid.error).toMatch(/Invalid arguments for tool "mcp__srv__echo"/)
    } finally {
      await set.close()
    }
  })

  it('lists the tools again when the server sends notifications/tools/list_changed', async () => {
    const set = await McpToolSet.connect({ srv: { type: 'http', url: server.url } })
    try {
      let changes = 0
      set.onToolsChanged(() => changes++)
      await toolNamed(set, 'mcp__srv__add_tool').execute({}, context)
      await expect.poll(() => set.getTools().map((tool) => tool.schema.name), { timeout: 3000 }).toContain('mcp__srv__extra')
      expect(changes).toBeGreaterThan(0)
      expect(await toolNamed(set, 'mcp__srv__extra').execute({}, context)).toMatchObject({ success: true, data: 'extra ran' })
    } finally {
      await set.close()
    }
  })

  it('fails a call that outlives the timeout with an error naming the server, without hanging', async () => {
    const set = await McpToolSet.connect({ srv: { type: 'http', url: server.url, timeoutMs: 300 } })
    try {
      const started = Date.now()
      const result = await toolNamed(set, 'mcp__srv__slow').execute({}, context)
      expect(Date.now() - started).toBeLessThan(1500)
      expect(result).toMatchObject({ success: false, metadata: { mcpServer: 'srv', errorCode: 'timeout' } })
      expect(result.error).toBe('MCP server "srv" did not answer within 0.3 s while calling "slow".')
    } finally {
      await set.close()
    }
  })

  it('leaves out a server that is down, naming it, and keeps the others', async () => {
    const port = await freePort()
    const set = await McpToolSet.connect({ down: { type: 'http', url: `http://127.0.0.1:${port}/mcp` }, srv: { type: 'http', url: server.url } })
    try {
      expect(set.getTools().every((tool) => tool.schema.name.startsWith('mcp__srv__'))).toBe(true)
      expect(set.getProblems()).toEqual([{ server: 'down', message: expect.stringMatching(new RegExp(`^MCP server "down" failed while connecting to http://127.0.0.1:${port}/mcp: .*fetch failed`)) }])
    } finally {
      await set.close()
    }
  })

  it('gives up on a server that never answers the handshake (Streamable HTTP or SSE) at its deadline', async () => {
    const silent = createServer(() => undefined)
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/mcp`
    const started = Date.now()
    const set = await McpToolSet.connect({ quiet: { type: 'http', url, timeoutMs: 300 }, quietSse: { type: 'sse', url, timeoutMs: 300 } })
    expect(Date.now() - started).toBeLessThan(2000)
    expect(set.getProblems()).toEqual([
      { server: 'quiet', message: `MCP server "quiet" did not answer within 0.3 s while connecting to ${url}.` },
      { server: 'quietSse', message: `MCP server "quietSse" did not answer within 0.3 s while connecting to ${url}.` }
    ])
    await set.close()
    silent.closeAllConnections()
    await new Promise((resolve) => silent.close(resolve))
  })

  it('reports a server whose tool list does not parse, naming it', async () => {
    const bad = await startMcpTestServer({ badSchema: true })
    const set = await McpToolSet.connect({ bad: { type: 'http', url: bad.url } })
    try {
      expect(set.getTools()).toEqual([])
      expect(set.getProblems()).toEqual([{ server: 'bad', message: 'MCP server "bad" failed while listing its tools: its reply does not follow the MCP schema: tools.0.inputSchema.type: Invalid input: expected "object"' }])
    } finally {
      await set.close()
      await bad.close()
    }
  })

  it('sends the configured headers and lists their values as secrets', async () => {
    const headers = { authorization: 'Bearer mcp-secret-token-123456', 'x-team-key': 'team-key-abcdef123' }
    const set = await McpToolSet.connect({ srv: { type: 'http', url: server.url, headers } })
    try {
      expect((await toolNamed(set, 'mcp__srv__whoami').execute({}, context)).data).toBe('authorization=Bearer mcp-secret-token-123456 team=team-key-abcdef123')
      expect(set.getSecrets()).toEqual(expect.arrayContaining(['Bearer mcp-secret-token-123456', 'mcp-secret-token-123456', 'team-key-abcdef123']))
    } finally {
      await set.close()
    }
  })
})

describe('McpToolSet over stdio', () => {
  it('starts the server process, calls its tools with the configured environment, and stops it on close', async () => {
    const set = await McpToolSet.connect({ local: { command: process.execPath, args: [STDIO_SERVER], env: { MCP_TEST_VALUE: 'from-env' }, type: 'stdio' } })
    expect(set.getProblems()).toEqual([])
    expect(set.getTools().map((tool) => tool.schema.name)).toEqual(['mcp__local__greet', 'mcp__local__env_value'])
    expect(await toolNamed(set, 'mcp__local__greet').execute({ name: 'Ada' }, context)).toMatchObject({ success: true, data: 'hello Ada' })
    expect(await toolNamed(set, 'mcp__local__env_value').execute({}, context)).toMatchObject({ success: true, data: 'from-env' })
    await set.close()
    const after = await toolNamed(set, 'mcp__local__greet').execute({ name: 'Ada' }, context)
    expect(after).toMatchObject({ success: false, metadata: { mcpServer: 'local', errorCode: 'mcp_error' } })
    expect(after.error).toMatch(/^MCP server "local" failed while calling "greet"/)
  })

  it('names the server and its command when the process cannot start', async () => {
    const set = await McpToolSet.connect({ gone: { type: 'stdio', command: '/nonexistent/mcp-server' } })
    expect(set.getProblems()).toEqual([{ server: 'gone', message: expect.stringMatching(/^MCP server "gone" failed while starting "\/nonexistent\/mcp-server": .*ENOENT/) }])
    await set.close()
  })
})
