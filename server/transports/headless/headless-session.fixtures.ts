import { PassThrough } from 'node:stream'
import { vi } from 'vitest'
import { InMemorySandboxClient } from '../../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { InteractiveSession } from '../../../lib/session/interactive-session.ts'
import type { TInteractiveSessionOptions } from '../../../lib/session/interactive-session-types.ts'
import { ScriptedProvider, type TScriptedStepSource } from '../../../lib/testing/scripted-provider.ts'
import { createHeadlessTransport } from './headless-transport.ts'

/** A session served over a pair of in-process pipes, with every line it writes parsed. */
export function openHeadless(steps: TScriptedStepSource[], options: Partial<TInteractiveSessionOptions> = {}, deltaDelayMs = 0, transportOptions: { maxLineCharacters?: number } = {}) {
  const input = new PassThrough()
  const output = new PassThrough()
  const lines: Array<Record<string, unknown>> = []
  let buffered = ''
  output.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8')
    const parts = buffered.split('\n')
    buffered = parts.pop() ?? ''
    for (const part of parts) lines.push(JSON.parse(part) as Record<string, unknown>)
  })
  const transport = createHeadlessTransport({ input, output, ...transportOptions })
  const sandbox = new InMemorySandboxClient({ files: { 'notes.txt': 'hello' }, cwd: '/workspace' })
  const session = new InteractiveSession({
    provider: new ScriptedProvider(steps, { deltaDelayMs }),
    sandbox,
    cwd: '/workspace',
    permissionHandler: transport.permissionHandler,
    ...options
  })
  session.attachTransport(transport)
  const send = (value: unknown) => input.write(`${typeof value === 'string' ? value : JSON.stringify(value)}\n`)
  const waitForLine = (predicate: (line: Record<string, unknown>) => boolean) =>
    vi.waitFor(
      () => {
        const found = lines.find(predicate)
        if (!found) throw new Error(`no such line yet among ${JSON.stringify(lines.map((line) => line.type))}`)
        return found
      },
      { timeout: 5000, interval: 10 }
    )
  return { transport, session, sandbox, input, lines, send, waitForLine }
}
