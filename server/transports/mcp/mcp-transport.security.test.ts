import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ScriptedProvider } from '../../../lib/testing/scripted-provider.ts'
import { recordSuiteTotal } from '../../../lib/testing/suite-totals.ts'
import { createMcpTransport } from './mcp-transport.ts'
import { connectClient, openMcp, TOKEN } from './mcp-transport.fixtures.ts'

// What an MCP client may get wrong or forge: refused with a status and a JSON error (or, inside
// a session, an in-band tool error) that says what was wrong, never echoing the token; the
// agent session runs nothing for them and answers the next good call.

const SUITE = 'mcp transport bad inputs and auth'
const MAX_BODY_BYTES = 8192
const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }

let served: Awaited<ReturnType<typeof openMcp>>
let client: Client
beforeAll(async () => {
  served = await openMcp(new ScriptedProvider([{ text: 'Still here.' }]), {}, { maxBodyBytes: MAX_BODY_BYTES })
  client = await connectClient(served.transport.url)
})
afterAll(async () => {
  await client.close()
  await served.close()
})

const post = (body: string, headers: Record<string, string> = {}, path = '/mcp') =>
  fetch(`${served.transport.address.url}${path}`, {
    method: 'POST',
    body,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }
  })

async function expectRefused(response: Response, status: number, code: string, message: RegExp): Promise<void> {
  const text = await response.text()
  expect(response.status).toBe(status)
  expect(JSON.parse(text)).toEqual({ error: { code, message: expect.stringMatching(message) } })
  expect(text).not.toContain(TOKEN)
}

describe('McpTransport refuses a missing or forged token with 401', () => {
  it.each([
    { name: 'no token', headers: { authorization: '' }, message: /needs a bearer token/ },
    { name: 'a forged token', headers: { authorization: 'Bearer mcp-transport-token-0123456780' }, message: /^The bearer token is not valid\.$/ },
    { name: 'the token under Basic', headers: { authorization: `Basic ${TOKEN}` }, message: /needs a bearer token/ }
  ])('$name, before reading the body', async ({ headers, message }) => {
    await expectRefused(await post(JSON.stringify(INITIALIZE), headers), 401, 'unauthorized', message)
    recordSuiteTotal(SUITE, 'securityChecks')
  })

  it('fails the official client’s connect with a forged token', async () => {
    await expect(connectClient(served.transport.url, 'not-the-token-at-all-0000')).rejects.toThrow(/401|not valid/)
    recordSuiteTotal(SUITE, 'securityChecks')
  })
})

type TBadRequest = { name: string; body: string; headers: Record<string, string>; path?: string; status: number; code: string; message: RegExp }

describe('McpTransport refuses a bad request, naming what was wrong', () => {
  it.each<TBadRequest>([
    { name: 'a body over the limit', body: JSON.stringify({ ...INITIALIZE, padding: 'x'.repeat(MAX_BODY_BYTES) }), headers: {}, status: 413, code: 'body_too_large', message: /^The request body is larger than 8192 bytes\.$/ },
    { name: 'a body that is not JSON', body: '{"jsonrpc":"2.0",', headers: {}, status: 400, code: 'invalid_json', message: /^The request body is not valid JSON: / },
    { name: 'a first request that is not initialize', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), headers: {}, status: 400, code: 'invalid_request', message: /the first request must be "initialize"/ },
    { name: 'an MCP session that does not exist', body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }), headers: { 'mcp-session-id': 'made-up-session' }, status: 404, code: 'not_found', message: /^No MCP session "made-up-session"/ },
    { name: 'another path', body: JSON.stringify(INITIALIZE), headers: {}, path: '/admin', status: 404, code: 'not_found', message: /^The MCP endpoint is \/mcp\.$/ }
  ])('$name', async ({ body, headers, path, status, code, message }) => {
    await expectRefused(await post(body, headers, path), status, code, message)
    recordSuiteTotal(SUITE, 'badInputs')
  })

  it('answers an unknown tool in-band, naming it', async () => {
    const result = (await client.callTool({ name: 'deploy', arguments: {} })) as { isError?: boolean; content: Array<{ text?: string }> }
    expect(result.isError).toBe(true)
    expect(result.content[0]?.text).toMatch(/deploy/)
    recordSuiteTotal(SUITE, 'badInputs')
  })

  it('answers submit arguments of the wrong type in-band, naming the field', async () => {
    const result = (await client.callTool({ name: 'submit', arguments: { prompt: 42 } })) as { isError?: boolean; content: Array<{ text?: string }> }
    expect(result.isError).toBe(true)
    expect(result.content[0]?.text).toMatch(/prompt/)
    recordSuiteTotal(SUITE, 'badInputs')
  })

  it('answers a blank prompt in-band', async () => {
    const result = (await client.callTool({ name: 'submit', arguments: { prompt: '  ' } })) as { isError?: boolean; content: Array<{ text?: string }> }
    expect(result).toMatchObject({ isError: true, content: [{ text: 'invalid_request: submit(): the prompt is empty.' }] })
    recordSuiteTotal(SUITE, 'badInputs')
  })

  it('ran nothing for any of them, and answers the next good call', async () => {
    expect(served.session.getFullHistory()).toEqual([])
    const result = (await client.callTool({ name: 'submit', arguments: { prompt: 'are you there?' } })) as { content: Array<{ text?: string }> }
    expect(result.content[0]?.text).toBe('Still here.')
  })
})

describe('createMcpTransport refuses bad options, naming the option', () => {
  it.each([
    { name: 'no token', options: {}, message: /^createMcpTransport\(\): token must be a string of at least 16 characters/ },
    { name: 'a path without a slash', options: { token: TOKEN, path: 'mcp' }, message: /^createMcpTransport\(\): path must start with "\/"/ },
    { name: 'a negative port', options: { token: TOKEN, port: -1 }, message: /port must be an integer from 0 to 65535/ }
  ])('$name', ({ options, message }) => {
    expect(() => createMcpTransport(options as never)).toThrow(message)
    recordSuiteTotal(SUITE, 'badInputs')
  })
})
