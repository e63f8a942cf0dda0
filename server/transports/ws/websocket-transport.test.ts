import { WebSocket } from 'ws'
import { afterEach, describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { InteractiveSession } from '../../../lib/session/interactive-session.ts'
import { ScriptedProvider, type TScriptedStep } from '../../../lib/testing/scripted-provider.ts'
import { recordSuiteTotal } from '../../../lib/testing/suite-totals.ts'
import { WEBSOCKET_TRANSPORT_PROTOCOL } from './websocket-transport-frames.ts'
import { WebSocketTransport } from './websocket-transport.ts'

// A real InteractiveSession (scripted model, just-bash sandbox) served by the ws transport on
// 127.0.0.1, driven by a real WebSocket client: prompts, commands and aborts in; events, results
// and permission prompts out, answered over the same socket.
const TOKEN = 'ws-transport-token-0123456789'
const SUITE = 'ws transport'
const closers: Array<() => unknown> = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

async function serveSession(steps: TScriptedStep[], options: { deltaDelayMs?: number } = {}) {
  const transport = new WebSocketTransport({ port: 0, token: TOKEN, maxFrameBytes: 4096 })
  const sandbox = new InMemorySandboxClient({ files: { 'README.md': '# Served\n' }, cwd: '/workspace' })
  const session = new InteractiveSession({ provider: new ScriptedProvider(steps, { deltaDelayMs: options.deltaDelayMs ?? 0 }), sandbox, permissionHandler: transport.askPermission })
  session.attachTransport(transport)
  await transport.start()
  closers.push(() => transport.stop(), () => session.dispose())
  return { transport, session }
}

type TFrame = Record<string, unknown> & { type: string }

async function connect(url: string, token: string | null = TOKEN) {
  const socket = new WebSocket(url, WEBSOCKET_TRANSPORT_PROTOCOL)
  closers.push(() => socket.close())
  const frames: TFrame[] = []
  const waiters: Array<{ match: (frame: TFrame) => boolean; resolve: (frame: TFrame) => void }> = []
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as TFrame
    frames.push(frame)
    for (const waiter of [...waiters]) if (waiter.match(frame)) waiters.splice(waiters.indexOf(waiter), 1) && waiter.resolve(frame)
  })
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)))
  await new Promise((resolve) => socket.once('open', resolve))
  const next = (match: (frame: TFrame) => boolean) => {
    const seen = frames.find(match)
    return seen ? Promise.resolve(seen) : new Promise<TFrame>((resolve) => waiters.push({ match, resolve }))
  }
  socket.send(JSON.stringify(token === null ? { type: 'hello' } : { type: 'hello', token }))
  return { socket, frames, next, closed, send: (frame: unknown) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)) }
}

describe('the ws transport over an InteractiveSession', () => {
  it('runs a prompt from the socket, asks for a tool call over it, and streams events and the result back', async () => {
    const { transport, session } = await serveSession([{ toolCalls: [{ name: 'Bash', arguments: { command: 'cat README.md' } }] }, { text: ['It says ', '"Served".'] }])
    const client = await connect(transport.url)
    expect(await client.next((frame) => frame.type === 'welcome')).toEqual({ type: 'welcome', sessionId: session.getSessionId(), maxFrameBytes: 4096 })
    client.send({ type: 'prompt', id: 1, text: 'What does the README say?' })
    const permission = await client.next((frame) => frame.type === 'permission_request')
    expect(permission.request).toMatchObject({ toolName: 'Bash' })
    client.send({ type: 'permission_answer', requestId: permission.requestId, answer: 'allow_once' })
    const result = await client.next((frame) => frame.type === 'prompt_result')
    expect(result).toMatchObject({ id: 1, result: { response: 'It says "Served".', interrupted: false } })
    // A result leaves its history, which grows with the conversation, to be asked for apart.
    const complete = client.frames.find((frame) => frame.type === 'event' && frame.name === 'complete')
    expect(result.result).not.toHaveProperty('history')
    expect(complete?.data).toMatchObject({ response: 'It says "Served".' })
    expect(complete?.data).not.toHaveProperty('history')
    const events = client.frames.filter((frame) => frame.type === 'event').map((frame) => frame.name)
    expect(events).toEqual(expect.arrayContaining(['thinking', 'tool_start', 'tool_end', 'text_delta', 'complete']))
    const toolEnd = client.frames.find((frame) => frame.type === 'event' && frame.name === 'tool_end')
    expect(toolEnd?.data).toMatchObject({ toolName: 'Bash', result: 'success' })
    const streamed = client.frames.filter((frame) => frame.type === 'event' && frame.name === 'text_delta').map((frame) => frame.data)
    expect(streamed.slice(-2)).toEqual(['It says ', '"Served".'])
  })

  it('a tool call the client denies does not run', async () => {
    const { transport } = await serveSession([{ toolCalls: [{ name: 'Bash', arguments: { command: 'rm README.md' } }] }, { text: 'Left alone.' }])
    const client = await connect(transport.url)
    client.send({ type: 'prompt', id: 1, text: 'Delete the README' })
    const permission = await client.next((frame) => frame.type === 'permission_request')
    client.send({ type: 'permission_answer', requestId: permission.requestId, answer: 'deny' })
    await client.next((frame) => frame.type === 'prompt_result')
    expect(client.frames.find((frame) => frame.type === 'event' && frame.name === 'tool_end')?.data).toMatchObject({ result: 'denied' })
    recordSuiteTotal(SUITE, 'securityChecks')
  })

  it('runs a command from the socket and answers it', async () => {
    const { transport } = await serveSession([])
    const client = await connect(transport.url)
    client.send({ type: 'command', id: 7, name: 'mode', args: 'plan' })
    const answered = await client.next((frame) => frame.type === 'command_result')
    expect(answered).toMatchObject({ id: 7, result: { success: true } })
  })

  it('an abort from the socket stops the running prompt and keeps its partial answer', async () => {
    const { transport } = await serveSession([{ text: Array.from({ length: 200 }, (_, index) => `piece ${index} `) }], { deltaDelayMs: 5 })
    const client = await connect(transport.url)
    client.send({ type: 'prompt', id: 1, text: 'Talk for a while' })
    await client.next((frame) => frame.type === 'event' && frame.name === 'text_delta')
    client.send({ type: 'abort' })
    const interrupted = await client.next((frame) => frame.type === 'event' && frame.name === 'interrupted')
    expect((interrupted.data as { interrupted: boolean; response: string }).interrupted).toBe(true)
    expect((interrupted.data as { response: string }).response).toMatch(/^piece 0 /)
    recordSuiteTotal(SUITE, 'aborts')
  })

  it('refuses a missing or forged token, a malformed or oversized frame, an unknown type, by name', async () => {
    const { transport } = await serveSession([])
    const missing = await connect(transport.url, null)
    expect(await missing.next((frame) => frame.type === 'refused')).toMatchObject({ error: { code: 'AUTHENTICATION_ERROR', message: 'The session refused the connection: it presented no token.' } })
    expect(await missing.closed).toBe(4401)
    const forged = await connect(transport.url, 'forged-token-0123456789')
    const refused = await forged.next((frame) => frame.type === 'refused')
    expect(refused).toMatchObject({ error: { message: 'The session refused the connection: its token was not accepted.' } })
    expect(refused.error).not.toHaveProperty('stack')
    recordSuiteTotal(SUITE, 'badInputs', 2)

    const client = await connect(transport.url)
    await client.next((frame) => frame.type === 'welcome')
    const badFrames: Array<[string, string]> = [
      ['{"type":"prompt",', 'a frame is not JSON'],
      [JSON.stringify({ type: 'prompt', id: 1 }), 'a prompt needs its "text" as a string'],
      [JSON.stringify({ type: 'permission_answer', requestId: 'x', answer: 'always' }), 'a permission answer is "allow_once", "deny"'],
      [JSON.stringify({ type: 'permission_answer', requestId: 'never-asked', answer: 'deny' }), 'no permission request "never-asked" is waiting'],
      [JSON.stringify({ type: 'reboot' }), 'unknown frame type "reboot"']
    ]
    for (const [frame, message] of badFrames) {
      const before = client.frames.length
      client.send(frame)
      const refusal = await client.next((answer) => answer.type === 'error' && client.frames.indexOf(answer) >= before)
      expect(String((refusal.error as { message: string }).message)).toContain(message)
      recordSuiteTotal(SUITE, 'badInputs')
    }
    client.send(JSON.stringify({ type: 'prompt', id: 2, text: 'x'.repeat(5000) }))
    expect(await client.closed).toBe(1009)
    recordSuiteTotal(SUITE, 'badInputs')
  })

  it('denies a permission prompt when no client is connected to answer it', async () => {
    const { session } = await serveSession([{ toolCalls: [{ name: 'Bash', arguments: { command: 'ls' } }] }, { text: 'Could not look.' }])
    const ended: string[] = []
    session.on('tool_end', (state) => ended.push(String(state.result)))
    const result = await session.submit('List the files')
    expect(result?.response).toBe('Could not look.')
    expect(ended).toEqual(['denied'])
    recordSuiteTotal(SUITE, 'securityChecks')
  })
})
