import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ScriptedProvider } from '../../../lib/testing/scripted-provider.ts'
import { recordSuiteTotal } from '../../../lib/testing/suite-totals.ts'
import { createHttpTransport } from './http-transport.ts'
import { openHttp, readEvents, TOKEN } from './http-transport.fixtures.ts'

// Requests an HTTP client may get wrong or forge: each is refused with a status and a JSON error
// that says what was wrong, runs nothing, never echoes the token, and the session answers the next
// good request as if nothing happened.

const SUITE = 'http transport bad inputs and auth'
const MAX_BODY_BYTES = 4096

let served: Awaited<ReturnType<typeof openHttp>>
beforeAll(async () => {
  served = await openHttp(new ScriptedProvider([{ text: 'Still here.' }]), {}, { maxBodyBytes: MAX_BODY_BYTES })
})
afterAll(() => served.close())

type TRefusal = { name: string; path: string; init: RequestInit; status: number; code: string; message: RegExp }

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({ method: 'POST', body: JSON.stringify(body), headers: { authorization: `Bearer ${TOKEN}`, ...headers } })
const authorized = (init: RequestInit): RequestInit => ({ ...init, headers: { authorization: `Bearer ${TOKEN}`, ...(init.headers as Record<string, string> | undefined) } })

const AUTH_REFUSALS: TRefusal[] = [
  { name: 'no authorization header', path: '/submit', init: { method: 'POST', body: '{"prompt":"hi"}' }, status: 401, code: 'unauthorized', message: /needs a bearer token/ },
  { name: 'a forged token', path: '/submit', init: json({ prompt: 'hi' }, { authorization: 'Bearer http-transport-token-0123456788' }), status: 401, code: 'unauthorized', message: /^The bearer token is not valid\.$/ },
  { name: 'the token with a suffix', path: '/history', init: { headers: { authorization: `Bearer ${TOKEN}x` } }, status: 401, code: 'unauthorized', message: /not valid/ },
  { name: 'a prefix of the token', path: '/history', init: { headers: { authorization: `Bearer ${TOKEN.slice(0, 10)}` } }, status: 401, code: 'unauthorized', message: /not valid/ },
  { name: 'the token under Basic', path: '/commands', init: { headers: { authorization: `Basic ${TOKEN}` } }, status: 401, code: 'unauthorized', message: /needs a bearer token/ },
  { name: 'the token in the query string', path: `/commands?token=${TOKEN}`, init: {}, status: 401, code: 'unauthorized', message: /needs a bearer token/ },
  { name: 'the event stream without a token', path: '/events', init: {}, status: 401, code: 'unauthorized', message: /needs a bearer token/ },
  { name: 'a forged token on abort', path: '/abort', init: { method: 'POST', headers: { authorization: 'Bearer nope-nope-nope-nope-nope' } }, status: 401, code: 'unauthorized', message: /not valid/ }
]

const BAD_REQUESTS: TRefusal[] = [
  { name: 'a body over the limit', path: '/submit', init: json({ prompt: 'x'.repeat(MAX_BODY_BYTES) }), status: 413, code: 'body_too_large', message: /^The request body is larger than 4096 bytes\.$/ },
  { name: 'a body that is not JSON', path: '/submit', init: authorized({ method: 'POST', body: 'prompt=hi' }), status: 400, code: 'invalid_json', message: /^The request body is not valid JSON: / },
  { name: 'a submit with no prompt', path: '/submit', init: json({}), status: 400, code: 'invalid_request', message: /^The request body is not valid: prompt: / },
  { name: 'a misspelt prompt', path: '/submit', init: json({ promt: 'hi' }), status: 400, code: 'invalid_request', message: /^The request body is not valid: \(root\): Unrecognized key: "promt"; prompt: / },
  { name: 'a blank prompt', path: '/submit', init: json({ prompt: ' ' }), status: 400, code: 'invalid_request', message: /prompt: the prompt is empty$/ },
  { name: 'an unknown command', path: '/commands/deploy', init: json({}), status: 404, code: 'unknown_command', message: /^Unknown command "deploy"\. Known commands: help, / },
  { name: 'command args that are not text', path: '/commands/mode', init: json({ args: ['plan'] }), status: 400, code: 'invalid_request', message: /args: / },
  { name: 'an answer to no waiting request', path: '/permissions/nobody-asked', init: json({ answer: 'allow_once' }), status: 404, code: 'unknown_permission', message: /^No permission request "nobody-asked" is waiting\.$/ },
  { name: 'a permission answer that is not one', path: '/permissions/x', init: json({ answer: 'sure' }), status: 400, code: 'invalid_request', message: /answer: expected "allow_once", "deny" or \{ "allowForSession": "<pattern>" \}$/ },
  { name: 'an unknown endpoint', path: '/admin', init: authorized({}), status: 404, code: 'not_found', message: /^No endpoint at \/admin\. Endpoints: / },
  { name: 'GET on submit', path: '/submit', init: authorized({}), status: 405, code: 'method_not_allowed', message: /^\/submit takes POST, not GET\.$/ },
  { name: 'a command name that is not valid percent-encoding', path: '/commands/%E0%A4%A', init: json({}), status: 400, code: 'invalid_request', message: /not valid percent-encoding/ }
]

async function expectRefused({ path, init, status, code, message }: TRefusal): Promise<void> {
  const response = await fetch(`${served.url}${path}`, init)
  const text = await response.text()
  expect(response.status).toBe(status)
  expect(JSON.parse(text)).toEqual({ error: { code, message: expect.stringMatching(message) } })
  expect(text).not.toContain(TOKEN)
  if (status === 401) expect(response.headers.get('www-authenticate')).toBe('Bearer')
}

describe('HttpTransport refuses a missing or forged token with 401 and a JSON error', () => {
  it.each(AUTH_REFUSALS)('$name', async (refusal) => {
    await expectRefused(refusal)
    recordSuiteTotal(SUITE, 'securityChecks')
  })
})

describe('HttpTransport refuses a bad request with a status naming what was wrong', () => {
  it('holds at least 10 bad requests', () => {
    expect(BAD_REQUESTS.length).toBeGreaterThanOrEqual(10)
  })

  it.each(BAD_REQUESTS)('$name', async (refusal) => {
    await expectRefused(refusal)
    recordSuiteTotal(SUITE, 'badInputs')
  })

  it('refuses a chunked body with no length as soon as it passes the limit', async () => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(`${served.url}/submit`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'transfer-encoding': 'chunked' } }, (response) => {
        let text = ''
        response.on('data', (chunk: Buffer) => (text += chunk.toString()))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }))
      })
      request.on('error', reject)
      request.write(`{"prompt":"${'y'.repeat(MAX_BODY_BYTES)}`)
      request.write('"}')
      request.end()
    })
    expect(status).toBe(413)
    expect(JSON.parse(body)).toMatchObject({ error: { code: 'body_too_large' } })
    recordSuiteTotal(SUITE, 'badInputs')
  })

  it('ran nothing for any of them, and answers the next good request', async () => {
    expect(served.session.getFullHistory()).toEqual([])
    const stream = await readEvents(served.url)
    const response = await served.call('/submit', { json: { prompt: 'are you there?' } })
    expect(await response.json()).toMatchObject({ result: { response: 'Still here.' } })
    await stream.waitFor('complete')
    stream.stop()
  })
})

describe('createHttpTransport refuses bad options, naming the option', () => {
  it.each([
    { name: 'no token', options: {}, message: /^createHttpTransport\(\): token must be a string of at least 16 characters/ },
    { name: 'a short token', options: { token: 'short' }, message: /token must be a string of at least 16 characters/ },
    { name: 'a port out of range', options: { token: TOKEN, port: 70000 }, message: /^createHttpTransport\(\): port must be an integer from 0 to 65535/ },
    { name: 'an empty host', options: { token: TOKEN, host: '' }, message: /host must be a non-empty string/ },
    { name: 'a body limit of zero', options: { token: TOKEN, maxBodyBytes: 0 }, message: /maxBodyBytes must be a positive integer/ },
    { name: 'a misspelt port', options: { token: TOKEN, prot: 8080 }, message: /^createHttpTransport\(options\): unknown option "prot"; it takes token, host, port, maxBodyBytes, cors\.$/ }
  ])('$name', ({ options, message }) => {
    expect(() => createHttpTransport(options as never)).toThrow(message)
    recordSuiteTotal(SUITE, 'badInputs')
  })
})
