import { expect, test } from '@playwright/test'
import { spawn } from 'node:child_process'

// The headless transport as a parent process uses it: a child Node process runs the built package
// (no TypeScript loader) with `createHeadlessTransport()` on its real stdin and stdout; the spec
// writes JSON lines into the pipe and reads the lines that come back. Runs after `npm run build`.

const CHILD = `
import { InteractiveSession } from 'robota'
import { createHeadlessTransport } from 'robota/server'
import { ScriptedProvider } from 'robota/testing'
const transport = createHeadlessTransport()
const session = new InteractiveSession({ provider: new ScriptedProvider([{ text: ['Hello ', 'from a child.'] }]) })
session.attachTransport(transport)
await transport.start()
await transport.finished
await session.dispose()
`

test('a child process serves a session on its stdin and stdout as JSON lines', async () => {
  const { FORCE_COLOR: _forceColor, ...env } = process.env
  const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD], { cwd: process.cwd(), env, stdio: ['pipe', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))

  child.stdin.write('this is not json\n')
  child.stdin.write(`${JSON.stringify({ type: 'submit', prompt: 'Say hello', id: 'p1' })}\n`)
  child.stdin.end()
  expect(await exited, stderr).toBe(0)

  const lines = stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>)
  expect(lines[0]).toMatchObject({ type: 'error', line: 1, code: 'invalid_json', message: expect.stringMatching(/^line 1: not valid JSON: /) })
  expect(lines.find((line) => line.type === 'result')).toMatchObject({ line: 2, id: 'p1', result: { response: 'Hello from a child.', interrupted: false } })
  const deltas = lines.filter((line) => line.type === 'event' && (line.event as { type: string }).type === 'text_delta').map((line) => (line.event as { delta: string }).delta)
  expect(deltas).toEqual(['Hello ', 'from a child.'])
})
