import { afterEach, describe, expect, it } from 'vitest'
import type { InteractiveSession } from '../../../lib/session/interactive-session.ts'
import { recordSuiteTotal } from '../../../lib/testing/suite-totals.ts'
import type { HeadlessTransport } from './headless-transport.ts'
import { openHeadless } from './headless-session.fixtures.ts'

let opened: { transport: HeadlessTransport; session: InteractiveSession } | undefined
afterEach(async () => {
  await opened?.transport.stop()
  await opened?.session.dispose()
  opened = undefined
})

const eventsOf = (lines: Array<Record<string, unknown>>) => lines.filter((line) => line.type === 'event').map((line) => line.event as { type: string; [key: string]: unknown })

describe('HeadlessTransport', () => {
  it('runs a turn from a submit line: the events stream out, then the result line with the id', async () => {
    const served = openHeadless([{ text: ['Let me ', 'look.'], toolCalls: [{ name: 'Bash', arguments: { command: 'cat notes.txt' } }] }, { text: 'It says hello.' }], { permissionMode: 'bypassPermissions' })
    opened = served
    await served.transport.start()
    served.send({ type: 'submit', prompt: 'What do the notes say?', id: 'p1' })
    const result = await served.waitForLine((line) => line.type === 'result')
    expect(result).toMatchObject({ type: 'result', line: 1, id: 'p1', result: { response: 'It says hello.', interrupted: false, toolSummaries: [{ toolName: 'Bash', result: 'success' }] } })
    expect(result.result).not.toHaveProperty('history')
    const events = eventsOf(served.lines)
    expect(events.filter((event) => event.type === 'text_delta').map((event) => event.delta).join('')).toBe('Let me look.\n\nIt says hello.')
    expect(events.find((event) => event.type === 'tool_end')).toMatchObject({ tool: { toolName: 'Bash', firstArg: 'cat notes.txt', result: 'success' } })
    expect(events.map((event) => event.type)).toContain('complete')
  })

  it('answers commands, the command list and the history, each on its own line', async () => {
    const served = openHeadless([{ text: 'Hi.' }])
    opened = served
    await served.transport.start()
    served.send({ type: 'submit', prompt: 'hello' })
    await served.waitForLine((line) => line.type === 'result')
    served.send({ type: 'command', name: 'mode', args: 'plan', id: 'c1' })
    served.send({ type: 'list_commands' })
    served.send({ type: 'history', id: 'h' })
    expect(await served.waitForLine((line) => line.type === 'command_result')).toMatchObject({ line: 2, id: 'c1', name: 'mode', result: { success: true } })
    expect(served.session.getPermissionMode()).toBe('plan')
    const commands = (await served.waitForLine((line) => line.type === 'commands')).commands as Array<{ name: string }>
    expect(commands.map((command) => command.name)).toEqual(expect.arrayContaining(['help', 'mode', 'model', 'compact']))
    const history = await served.waitForLine((line) => line.type === 'history')
    expect(history).toMatchObject({ line: 4, id: 'h' })
    expect((history.entries as Array<{ category: string; data: { content?: unknown } }>).filter((entry) => entry.category === 'chat').map((entry) => entry.data.content)).toEqual(['hello', 'Hi.'])
  })

  it('asks for permission over the output and runs the tool once the permission line allows it', async () => {
    const served = openHeadless([{ toolCalls: [{ name: 'Write', arguments: { filePath: '/workspace/out.txt', content: 'written' } }] }, { text: 'Wrote it.' }], { permissionMode: 'default' })
    opened = served
    await served.transport.start()
    served.send({ type: 'submit', prompt: 'write a file' })
    const asked = (await served.waitForLine((line) => line.type === 'event' && (line.event as { type: string }).type === 'permission_request')).event as { id: string; request: { toolName: string } }
    expect(asked.request.toolName).toBe('Write')
    served.send({ type: 'permission', id: asked.id, answer: 'allow_once' })
    expect(await served.waitForLine((line) => line.type === 'result')).toMatchObject({ result: { response: 'Wrote it.', toolSummaries: [{ toolName: 'Write', result: 'success' }] } })
    expect(await served.sandbox.readFile('/workspace/out.txt')).toBe('written')
  })

  it('aborts the running prompt from an abort line, keeping the partial answer', async () => {
    const served = openHeadless([{ text: ['one ', 'two ', 'three ', 'four ', 'five'] }], {}, 100)
    opened = served
    await served.transport.start()
    served.send({ type: 'submit', prompt: 'count slowly' })
    await served.waitForLine((line) => line.type === 'event' && (line.event as { type: string }).type === 'text_delta')
    served.send({ type: 'abort', id: 'stop' })
    expect(await served.waitForLine((line) => line.type === 'aborted')).toMatchObject({ line: 2, id: 'stop' })
    const result = await served.waitForLine((line) => line.type === 'result')
    expect(result).toMatchObject({ result: { interrupted: true } })
    expect(String((result.result as { response: string }).response)).not.toContain('five')
    recordSuiteTotal('headless transport aborts', 'aborts')
  })

  it('finishes once the input ends and every request is answered', async () => {
    const served = openHeadless([{ text: 'Bye.' }])
    opened = served
    await served.transport.start()
    served.send({ type: 'submit', prompt: 'last one' })
    served.input.end()
    await served.transport.finished
    expect(served.lines.find((line) => line.type === 'result')).toMatchObject({ result: { response: 'Bye.' } })
  })
})
