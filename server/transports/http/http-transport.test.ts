import { afterEach, describe, expect, it } from 'vitest'
import { AnthropicProvider } from '../../../lib/providers/anthropic/anthropic-provider.ts'
import { startFakeLlmServer, type TFakeLlmServer } from '../../../lib/testing/fake-llm-server.ts'
import { ScriptedProvider } from '../../../lib/testing/scripted-provider.ts'
import { recordSuiteTotal } from '../../../lib/testing/suite-totals.ts'
import { openHttp, readEvents } from './http-transport.fixtures.ts'

let served: Awaited<ReturnType<typeof openHttp>> | undefined
let llm: TFakeLlmServer | undefined
afterEach(async () => {
  await served?.close()
  await llm?.close()
  served = undefined
  llm = undefined
})

describe('HttpTransport', () => {
  it('listens on 127.0.0.1 at a free port when given port 0, and says where', async () => {
    served = await openHttp(new ScriptedProvider([]))
    expect(served.transport.address).toEqual({ host: '127.0.0.1', port: expect.any(Number), url: `http://127.0.0.1:${served.transport.address.port}` })
    expect(served.transport.address.port).toBeGreaterThan(0)
    expect((await served.call('/commands')).status).toBe(200)
  })

  it('runs a turn through the Anthropic SDK against the fake LLM server: submit answers the result, /events streams the session events', async () => {
    llm = await startFakeLlmServer({ turns: [{ text: ['Reading ', 'the notes.'], toolCalls: [{ name: 'Read', arguments: { filePath: '/workspace/notes.txt' } }] }, { text: 'They say hello.' }] })
    served = await openHttp(new AnthropicProvider({ apiKey: 'sk-ant-fake', baseURL: llm.url, maxRetries: 0 }), { permissionMode: 'bypassPermissions', model: 'claude-haiku-4-5' })
    const stream = await readEvents(served.url)
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream')
    const response = await served.call('/submit', { json: { prompt: 'What do the notes say?' } })
    expect(response.status).toBe(200)
    const { result } = (await response.json()) as { result: { response: string; toolSummaries: Array<{ toolName: string; result: string }> } }
    expect(result).toMatchObject({ response: 'They say hello.', interrupted: false, toolSummaries: [{ toolName: 'Read', result: 'success' }] })
    expect(result).not.toHaveProperty('history')
    expect((await stream.waitFor('complete')).result.response).toBe('They say hello.')
    expect(stream.events.filter((event) => event.type === 'text_delta').map((event) => event.delta).join('')).toBe('Reading the notes.\n\nThey say hello.')
    expect(stream.names).toEqual(stream.events.map((event) => event.type))
    expect(stream.events.find((event) => event.type === 'tool_end')).toMatchObject({ tool: { toolName: 'Read', result: 'success' } })
    expect(llm.requests).toHaveLength(2)
    stream.stop()
  })

  it('lists commands, runs one, and serves the history', async () => {
    served = await openHttp(new ScriptedProvider([{ text: 'Hi.' }]))
    await served.call('/submit', { json: { prompt: 'hello' } })
    const commands = (await (await served.call('/commands')).json()) as { commands: Array<{ name: string }> }
    expect(commands.commands.map((command) => command.name)).toEqual(expect.arrayContaining(['help', 'mode', 'model']))
    const mode = await served.call('/commands/mode', { json: { args: 'acceptEdits' } })
    expect(mode.status).toBe(200)
    expect(await mode.json()).toMatchObject({ result: { success: true } })
    expect(served.session.getPermissionMode()).toBe('acceptEdits')
    // A command that ran but failed says so in its result.
    expect(await (await served.call('/commands/mode', { json: { args: 'everything' } })).json()).toMatchObject({ result: { success: false } })
    const history = (await (await served.call('/history')).json()) as { entries: Array<{ category: string; data: { content?: unknown } }> }
    expect(history.entries.filter((entry) => entry.category === 'chat').map((entry) => entry.data.content)).toEqual(['hello', 'Hi.'])
  })

  it('aborts the running prompt from POST /abort; the submit answers with the partial, interrupted result', async () => {
    served = await openHttp(new ScriptedProvider([{ text: ['one ', 'two ', 'three ', 'four ', 'five'] }], { deltaDelayMs: 100 }))
    const stream = await readEvents(served.url)
    const pending = served.call('/submit', { json: { prompt: 'count slowly' } })
    await stream.waitFor('text_delta')
    expect(await (await served.call('/abort', { method: 'POST' })).json()).toEqual({ aborted: true })
    const { result } = (await (await pending).json()) as { result: { interrupted: boolean; response: string } }
    expect(result.interrupted).toBe(true)
    expect(result.response).not.toContain('five')
    await stream.waitFor('interrupted')
    stream.stop()
    recordSuiteTotal('http transport aborts', 'aborts')
  })

  it('refuses a third prompt while one runs and one waits (409 busy), and answers the waiting one 409 cancelled on abort', async () => {
    served = await openHttp(new ScriptedProvider([{ text: ['slow ', 'answer ', 'here'] }], { deltaDelayMs: 100 }))
    const stream = await readEvents(served.url)
    const running = served.call('/submit', { json: { prompt: 'first' } })
    await stream.waitFor('text_delta')
    const queued = served.call('/submit', { json: { prompt: 'second' } })
    await expect.poll(() => served?.session.getPendingPrompt()).toBe('second')
    const third = await served.call('/submit', { json: { prompt: 'third' } })
    expect(third.status).toBe(409)
    expect(await third.json()).toEqual({ error: { code: 'busy', message: expect.stringContaining('already queued') } })
    await served.call('/abort', { method: 'POST' })
    const cancelled = await queued
    expect(cancelled.status).toBe(409)
    expect(await cancelled.json()).toMatchObject({ error: { code: 'cancelled' } })
    expect(await (await running).json()).toMatchObject({ result: { interrupted: true } })
    stream.stop()
  })

  it('asks for permission on the event stream and runs the tool once POST /permissions/<id> allows it', async () => {
    served = await openHttp(new ScriptedProvider([{ toolCalls: [{ name: 'Write', arguments: { filePath: '/workspace/out.txt', content: 'from http' } }] }, { text: 'Written.' }]))
    const stream = await readEvents(served.url)
    const pending = served.call('/submit', { json: { prompt: 'write it' } })
    const asked = await stream.waitFor('permission_request')
    expect(asked.request).toMatchObject({ toolName: 'Write', parameters: { filePath: '/workspace/out.txt' } })
    expect(await (await served.call(`/permissions/${asked.id}`, { json: { answer: 'allow_once' } })).json()).toEqual({ answered: true })
    expect(await (await pending).json()).toMatchObject({ result: { response: 'Written.', toolSummaries: [{ toolName: 'Write', result: 'success' }] } })
    expect(await served.sandbox.readFile('/workspace/out.txt')).toBe('from http')
    stream.stop()
  })

  it('reports a failed prompt as a 500 with the provider error, and answers the next one', async () => {
    llm = await startFakeLlmServer({ turns: [{ fault: { kind: 'http-error', status: 400, message: 'prompt is too long' } }, { text: 'Recovered.' }] })
    served = await openHttp(new AnthropicProvider({ apiKey: 'sk-ant-fake', baseURL: llm.url, maxRetries: 0 }), { model: 'claude-haiku-4-5' })
    const failed = await served.call('/submit', { json: { prompt: 'first' } })
    expect(failed.status).toBe(500)
    expect(await failed.json()).toEqual({ error: { code: 'prompt_failed', message: expect.stringContaining('prompt is too long') } })
    expect(await (await served.call('/submit', { json: { prompt: 'second' } })).json()).toMatchObject({ result: { response: 'Recovered.' } })
  })

  it('sends no CORS header unless origins are configured, and then only to those origins', async () => {
    served = await openHttp(new ScriptedProvider([]))
    const plain = await served.call('/commands', { headers: { origin: 'https://app.example' } })
    expect(plain.headers.get('access-control-allow-origin')).toBeNull()
    const preflight = await fetch(`${served.url}/submit`, { method: 'OPTIONS', headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' } })
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
    await served.close()

    served = await openHttp(new ScriptedProvider([]), {}, { cors: { origins: ['https://app.example'] } })
    const allowed = await fetch(`${served.url}/submit`, { method: 'OPTIONS', headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' } })
    expect(allowed.status).toBe(204)
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example')
    expect(allowed.headers.get('access-control-allow-headers')).toContain('authorization')
    expect((await served.call('/commands', { headers: { origin: 'https://app.example' } })).headers.get('access-control-allow-origin')).toBe('https://app.example')
    expect((await served.call('/commands', { headers: { origin: 'https://other.example' } })).headers.get('access-control-allow-origin')).toBeNull()
  })

  it('serves the same endpoints as a fetch handler without starting a server', async () => {
    served = await openHttp(new ScriptedProvider([{ text: 'Handled.' }]))
    const response = await served.transport.handler(
      new Request('http://in-process/submit', { method: 'POST', headers: { authorization: 'Bearer http-transport-token-0123456789' }, body: JSON.stringify({ prompt: 'hi' }) })
    )
    expect(await response.json()).toMatchObject({ result: { response: 'Handled.' } })
  })

  it('ends open event streams when it stops', async () => {
    served = await openHttp(new ScriptedProvider([]))
    const stream = await readEvents(served.url)
    await served.transport.stop()
    await stream.ended
    await expect(fetch(`${served.url}/commands`)).rejects.toThrow()
  })
})
