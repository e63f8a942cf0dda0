import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { LoggingMessageNotificationSchema, type Progress } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AnthropicProvider } from '../../../lib/providers/anthropic/anthropic-provider.ts'
import { startFakeLlmServer, type TFakeLlmServer } from '../../../lib/testing/fake-llm-server.ts'
import { ScriptedProvider } from '../../../lib/testing/scripted-provider.ts'
import { recordSuiteTotal } from '../../../lib/testing/suite-totals.ts'
import type { TTransportEvent } from '../transport-event.ts'
import { connectClient, openMcp } from './mcp-transport.fixtures.ts'

let served: Awaited<ReturnType<typeof openMcp>> | undefined
let client: Client | undefined
let llm: TFakeLlmServer | undefined
afterEach(async () => {
  await client?.close()
  await served?.close()
  await llm?.close()
  client = undefined
  served = undefined
  llm = undefined
})

type TTextResult = { content: Array<{ type: string; text?: string }>; isError?: boolean; structuredContent?: Record<string, unknown> }
const textOf = (result: unknown) => (result as TTextResult).content.map((block) => block.text ?? '').join('')

describe('McpTransport driven by the official MCP client over Streamable HTTP', () => {
  it('lists submit, abort and one tool per command of the session', async () => {
    served = await openMcp(new ScriptedProvider([]))
    client = await connectClient(served.transport.url)
    const { tools } = await client.listTools()
    const names = tools.map((tool) => tool.name)
    expect(names.slice(0, 2)).toEqual(['submit', 'abort'])
    expect(names).toEqual(expect.arrayContaining(served.session.listCommands().map((command) => command.name)))
    expect(tools.find((tool) => tool.name === 'submit')?.inputSchema).toMatchObject({ type: 'object', properties: { prompt: { type: 'string' } }, required: ['prompt'] })
    expect(tools.find((tool) => tool.name === 'mode')?.description).toMatch(/^\/mode: /)
    expect(served.transport.url).toBe(`http://127.0.0.1:${served.transport.address.port}/mcp`)
  })

  it('runs a full turn through the Anthropic SDK and the fake LLM server, with progress and logging notifications', async () => {
    llm = await startFakeLlmServer({ turns: [{ text: ['Reading ', 'the notes.'], toolCalls: [{ name: 'Read', arguments: { filePath: '/workspace/notes.txt' } }] }, { text: 'They say hello.' }] })
    served = await openMcp(new AnthropicProvider({ apiKey: 'sk-ant-fake', baseURL: llm.url, maxRetries: 0 }), { model: 'claude-haiku-4-5' })
    client = await connectClient(served.transport.url)
    const logged: TTransportEvent[] = []
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      if (notification.params.logger === 'robota.session') logged.push(notification.params.data as TTransportEvent)
    })
    const progress: Progress[] = []
    const result = (await client.callTool({ name: 'submit', arguments: { prompt: 'What do the notes say?' } }, undefined, { onprogress: (step) => progress.push(step) })) as TTextResult
    expect(result.isError).toBeFalsy()
    expect(textOf(result)).toBe('They say hello.')
    expect(result.structuredContent).toMatchObject({ response: 'They say hello.', interrupted: false, toolSummaries: [{ toolName: 'Read', result: 'success' }] })
    expect(progress.map((step) => step.message).join('|')).toBe('Reading |the notes.|Read started: /workspace/notes.txt|Read ended: success|\n\n|They say hello.')
    expect(progress.map((step) => step.progress)).toEqual([1, 2, 3, 4, 5, 6])
    await vi.waitFor(() => expect(logged.map((event) => event.type)).toContain('complete'), { timeout: 3000 })
    expect(logged.find((event) => event.type === 'tool_end')).toMatchObject({ tool: { toolName: 'Read', result: 'success' } })
    expect(llm.requests).toHaveLength(2)
  })

  it('runs a command as a tool', async () => {
    served = await openMcp(new ScriptedProvider([]))
    client = await connectClient(served.transport.url)
    const result = (await client.callTool({ name: 'mode', arguments: { args: 'plan' } })) as TTextResult
    expect(result.isError).toBe(false)
    expect(result.structuredContent).toMatchObject({ success: true })
    expect(served.session.getPermissionMode()).toBe('plan')
    const refused = (await client.callTool({ name: 'mode', arguments: { args: 'everything' } })) as TTextResult
    expect(refused.isError).toBe(true)
    expect(served.session.getPermissionMode()).toBe('plan')
  })

  it('keeps a failed turn in-band: the submit result is an error naming the cause, and the next submit works', async () => {
    llm = await startFakeLlmServer({ turns: [{ fault: { kind: 'http-error', status: 400, message: 'prompt is too long' } }, { text: 'Recovered.' }] })
    served = await openMcp(new AnthropicProvider({ apiKey: 'sk-ant-fake', baseURL: llm.url, maxRetries: 0 }), { model: 'claude-haiku-4-5' })
    client = await connectClient(served.transport.url)
    const failed = (await client.callTool({ name: 'submit', arguments: { prompt: 'first' } })) as TTextResult
    expect(failed.isError).toBe(true)
    expect(textOf(failed)).toMatch(/^prompt_failed: .*prompt is too long/)
    expect(textOf(await client.callTool({ name: 'submit', arguments: { prompt: 'second' } }))).toBe('Recovered.')
  })

  it('aborts a running submit from the abort tool; the submit answers with the partial text', async () => {
    served = await openMcp(new ScriptedProvider([{ text: ['one ', 'two ', 'three ', 'four ', 'five'] }], { deltaDelayMs: 100 }))
    client = await connectClient(served.transport.url)
    const progress: Progress[] = []
    const pending = client.callTool({ name: 'submit', arguments: { prompt: 'count slowly' } }, undefined, { onprogress: (step) => progress.push(step) })
    await vi.waitFor(() => expect(progress.length).toBeGreaterThan(0), { timeout: 3000 })
    expect(textOf(await client.callTool({ name: 'abort', arguments: {} }))).toBe('Aborted.')
    const result = (await pending) as TTextResult
    expect(result.structuredContent).toMatchObject({ interrupted: true })
    expect(textOf(result)).not.toContain('five')
    recordSuiteTotal('mcp transport aborts', 'aborts')
  })

  it('aborts the turn when the client cancels its submit request', async () => {
    served = await openMcp(new ScriptedProvider([{ text: ['one ', 'two ', 'three ', 'four ', 'five'] }, { text: 'Next.' }], { deltaDelayMs: 100 }))
    client = await connectClient(served.transport.url)
    const interrupted = new Promise<string>((resolve) => served?.session.on('interrupted', (result) => resolve(result.response)))
    const cancel = new AbortController()
    const progress: Progress[] = []
    const pending = client.callTool({ name: 'submit', arguments: { prompt: 'count slowly' } }, undefined, { signal: cancel.signal, onprogress: (step) => progress.push(step) })
    await vi.waitFor(() => expect(progress.length).toBeGreaterThan(0), { timeout: 3000 })
    cancel.abort()
    await expect(pending).rejects.toThrow()
    expect(await interrupted).not.toContain('five')
    await vi.waitFor(() => expect(served?.session.isRunning()).toBe(false))
    expect(textOf(await client.callTool({ name: 'submit', arguments: { prompt: 'again' } }))).toBe('Next.')
    recordSuiteTotal('mcp transport aborts', 'aborts')
  })

  it('serves two clients at once over the one session', async () => {
    served = await openMcp(new ScriptedProvider([{ text: 'First.' }, { text: 'Second.' }]))
    client = await connectClient(served.transport.url)
    const other = await connectClient(served.transport.url)
    try {
      expect(textOf(await client.callTool({ name: 'submit', arguments: { prompt: 'one' } }))).toBe('First.')
      expect(textOf(await other.callTool({ name: 'submit', arguments: { prompt: 'two' } }))).toBe('Second.')
      expect(served.session.getMessages().map((message) => message.content)).toEqual(['one', 'First.', 'two', 'Second.'])
    } finally {
      await other.close()
    }
  })
})
