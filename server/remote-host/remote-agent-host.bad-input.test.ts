import * as z from 'zod'
import { afterEach, describe, expect, it } from 'vitest'
import { recordSuiteTotal } from '../../lib/testing/suite-totals.ts'
import type { TServedAgentHost } from './serve-agent-host-options.ts'
import { connectClient, openRaw, servePlaygroundHost } from './remote-host.fixtures.ts'

// What a page or anything else on the network may send the remote host wrongly: each is refused
// with an error saying what and where, and the host goes on serving everyone else.
const SUITE = 'remote agent host: bad input'
const TOKEN = 'bad-input-token-0123456789abcdef'
const MAX_FRAME_BYTES = 64 * 1024

let served: TServedAgentHost
const closers: Array<() => unknown> = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

async function start(options: { allowedModels?: string[]; helloTimeoutMs?: number; allowPluginChanges?: boolean } = {}) {
  const started = await servePlaygroundHost({ token: TOKEN, maxFrameBytes: MAX_FRAME_BYTES, helloTimeoutMs: 2_000, ...options })
  served = started.served
  closers.push(() => served.close())
  return started
}

function client(token?: string) {
  const made = connectClient(served.url, { ...(token === undefined ? {} : { token }), reconnect: false })
  closers.push(() => made.terminate())
  return made
}

async function refusal(promise: Promise<unknown>): Promise<Error & { code?: string }> {
  try {
    await promise
  } catch (error) {
    return error as Error & { code?: string }
  }
  throw new Error('expected a refusal')
}

describe('the remote agent host refuses bad input', () => {
  it('a missing token: the connection is refused with an AuthenticationError saying so', async () => {
    const { log } = await start()
    const error = await refusal(client().listSessions())
    expect(error.name).toBe('AuthenticationError')
    expect(error.code).toBe('AUTHENTICATION_ERROR')
    expect(error.message).toContain('presented no token')
    expect(log).toContainEqual(expect.objectContaining({ event: 'refused' }))
    recordSuiteTotal(SUITE, 'badInputs')
  })

  it('a forged token: refused, and neither token appears in the log', async () => {
    const { log } = await start()
    const error = await refusal(client('forged-token-0123456789abcdef').createSession())
    expect(error.code).toBe('AUTHENTICATION_ERROR')
    expect(error.message).toContain('token was not accepted')
    // The right token still works on the same host.
    expect((await client(TOKEN).listSessions()).sessions).toEqual([])
    const logged = JSON.stringify(log)
    expect(logged).not.toContain('forged-token')
    expect(logged).not.toContain(TOKEN)
    recordSuiteTotal(SUITE, 'badInputs')
    recordSuiteTotal(SUITE, 'leaks', [logged.includes(TOKEN), logged.includes('forged-token')].filter(Boolean).length)
  })

  it('a call before the hello closes the connection (4401) with the reason', async () => {
    await start()
    const raw = await openRaw(served.url)
    raw.socket.send(JSON.stringify({ type: 'call', id: 1, method: 'listSessions', args: [] }))
    const frame = await raw.next()
    expect(frame).toMatchObject({ type: 'refused', error: { code: 'AUTHENTICATION_ERROR' } })
    expect(String((frame.error as { message: string }).message)).toContain('first frame must be a hello')
    // A server's stack (its files and lines) is no business of whoever connects.
    expect(frame.error).not.toHaveProperty('stack')
    expect(await raw.closed).toEqual({ code: 4401, reason: 'the first frame must be a hello carrying the token' })
    recordSuiteTotal(SUITE, 'badInputs')
  })

  it('no hello at all: the host closes the connection once its hello timeout passes (4408)', async () => {
    await start({ helloTimeoutMs: 100 })
    const raw = await openRaw(served.url)
    expect((await raw.closed).code).toBe(4408)
    recordSuiteTotal(SUITE, 'badInputs')
  })

  it('a malformed JSON frame, an unknown method, a call without args, a binary frame: each refused by name, the connection goes on', async () => {
    await start()
    const raw = await openRaw(served.url)
    raw.socket.send(JSON.stringify({ type: 'hello', token: TOKEN }))
    expect(await raw.next()).toEqual({ type: 'welcome', maxFrameBytes: MAX_FRAME_BYTES })
    const cases: Array<[string | Buffer, number | null, string]> = [
      ['{"type":"call","id":1,', null, 'a frame is not JSON'],
      [JSON.stringify({ type: 'call', id: 2, method: 'constructor', args: [] }), 2, 'unknown method "constructor"'],
      [JSON.stringify({ type: 'call', id: 3, method: '__proto__', args: [] }), 3, 'unknown method "__proto__"'],
      [JSON.stringify({ type: 'call', id: 4, method: 'submit' }), 4, 'the call to submit needs an "args" array'],
      [JSON.stringify({ type: 'call', id: 'five', method: 'submit', args: [] }), null, 'a call needs an integer "id"'],
      [JSON.stringify({ type: 'shout' }), null, 'unknown frame type "shout"'],
      [JSON.stringify([1, 2]), null, 'a frame must be a JSON object'],
      [Buffer.from([1, 2, 3]), null, 'binary frames are not read']
    ]
    for (const [frame, id, message] of cases) {
      raw.socket.send(frame)
      const answer = await raw.next()
      expect(answer).toMatchObject({ type: 'error', id, error: { name: 'ValidationError', code: 'VALIDATION_ERROR' } })
      expect(String((answer.error as { message: string }).message)).toContain(message)
      expect(answer.error).not.toHaveProperty('stack')
      recordSuiteTotal(SUITE, 'badInputs')
    }
    raw.socket.send(JSON.stringify({ type: 'call', id: 9, method: 'listSessions', args: [] }))
    expect(await raw.next()).toEqual({ type: 'result', id: 9, value: { sessions: [], corrupt: [] } })
    raw.socket.close()
  })

  it('an oversized frame: the page client refuses to send it, naming the call and the limit; a raw one closes its connection (1009) only', async () => {
    await start()
    const page = client(TOKEN)
    const session = await page.createSession()
    const error = await refusal(page.writeFile(session.id, '/workspace/big.txt', 'x'.repeat(MAX_FRAME_BYTES)))
    expect(error.code).toBe('VALIDATION_ERROR')
    expect(error.message).toMatch(/The call to writeFile is \d+ bytes, more than the agent host at ws:\/\/127\.0\.0\.1:\d+\/agent-host accepts in one frame \(65536 bytes\)/)
    recordSuiteTotal(SUITE, 'badInputs')

    const raw = await openRaw(served.url)
    raw.socket.send(JSON.stringify({ type: 'hello', token: TOKEN }))
    await raw.next()
    raw.socket.send(JSON.stringify({ type: 'call', id: 1, method: 'listSessions', args: ['y'.repeat(MAX_FRAME_BYTES)] }))
    expect((await raw.closed).code).toBe(1009)
    recordSuiteTotal(SUITE, 'badInputs')
    // The page's connection was never touched.
    expect(await page.readFile(session.id, '/workspace/README.md')).toContain('#')
  })

  it('a zod schema as the output schema: the page client refuses it before sending, as JSON it would pass for JSON Schema', async () => {
    await start()
    const page = client(TOKEN)
    const session = await page.createSession()
    const schema = z.object({ answer: z.string() })
    const refused = await refusal(page.submit(session.id, 'Answer', { output: { schema: schema as never } }))
    expect(refused.code).toBe('VALIDATION_ERROR')
    expect(refused.message).toBe('submit(): options.output.schema is a zod schema, not JSON Schema (plain data): pass z.toJSONSchema(schema).')
    expect((await page.openSession(session.id)).messages).toEqual([])
    recordSuiteTotal(SUITE, 'badInputs')
  })

  it('a disallowed model: createSession and setProvider are refused naming the model and what is allowed', async () => {
    await start({ allowedModels: ['offline-demo'] })
    const page = client(TOKEN)
    const created = await refusal(page.createSession({ provider: { kind: 'openai', model: 'gpt-unlisted' } }))
    expect(created.code).toBe('VALIDATION_ERROR')
    expect(created.message).toBe('createSession: model "gpt-unlisted" is not allowed on this host; allowed: offline-demo.')
    const session = await page.createSession({ provider: { kind: 'offline-demo', model: 'offline-demo' } })
    const switched = await refusal(page.setProvider(session.id, { kind: 'openai', model: 'gpt-unlisted' }))
    expect(switched.message).toContain('setProvider: model "gpt-unlisted" is not allowed')
    expect((await page.listSessions()).sessions.map((listed) => listed.id)).toEqual([session.id])
    recordSuiteTotal(SUITE, 'badInputs', 2)
  })

  it('plugin changes from a page: searching a source and installing are refused unless the host allows them; listing works', async () => {
    await start()
    const page = client(TOKEN)
    const session = await page.createSession()
    const searched = await refusal(page.searchPlugins({ source: 'http://169.254.169.254/latest/meta-data' }))
    expect(searched.code).toBe('VALIDATION_ERROR')
    expect(searched.message).toBe('searchPlugins(): this remote host does not let pages fetch or install plugins (serveAgentHost option allowPluginChanges).')
    const installed = await refusal(page.installPlugin(session.id, { source: 'http://127.0.0.1:9/index.json', name: 'kit', scope: 'user' }))
    expect(installed.message).toContain('installPlugin(): this remote host does not let pages')
    expect(await page.listPlugins(session.id)).toEqual([])
    recordSuiteTotal(SUITE, 'securityChecks', 2)
  })
})
